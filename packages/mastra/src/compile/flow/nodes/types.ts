import type { CatchExceptionNode, Known, Node, ParallelFlowNode, ParallelMapNode } from '@agentspec/core';
import type { Message, ToolCall } from '@agentspec/runtime';
import type { Step } from '@mastra/core/workflows';
import type { AnyWorkflow } from '@mastra/core/workflows';
import type { EventSink } from '../../../events.js';
import type { FlowCompile } from '../flow-compile.js';
import type { Frame } from '../frame.js';

/** What a suspended step tells the session (under `agentspec` in Mastra's suspend payload). */
export interface StepSuspension {
  readonly type: 'user_input' | 'tool_request' | 'tool_confirmation';
  readonly requests: readonly ToolCall[];
  /** The conversation to show with the status. */
  readonly messages: readonly Message[];
  /** What the step needs back when it resumes (an agent's stopped Mastra run, …). */
  readonly state?: unknown;
}

/** What the session resumes a suspended step with: the answers given since. */
export interface ResumeAnswers {
  readonly user?: readonly string[];
  readonly results?: Readonly<Record<string, unknown>>;
  readonly decisions?: Readonly<Record<string, { readonly decision: 'approve' | 'reject'; readonly reason?: string }>>;
}

/** The Mastra step context a node handler may use. */
export interface StepParams {
  readonly resumeData?: ResumeAnswers;
  readonly suspendData?: { readonly agentspec?: StepSuspension };
  getStepResult(id: string): unknown;
}

/** Where a run's events go and what cancels it: in Mastra's RequestContext. */
export interface RunHooks {
  readonly events?: EventSink;
  readonly signal?: AbortSignal;
}

export interface StepExec {
  /** The frame, with this execution counted in `shared.steps`. */
  readonly frame: Frame;
  readonly params: StepParams;
  readonly hooks: RunHooks | undefined;
  readonly fc: FlowCompile;
}

export type NodeResult =
  | { readonly outputs: Record<string, unknown>; readonly branch?: string; readonly messages?: readonly Message[] }
  | { readonly suspend: StepSuspension }
  | { readonly call: unknown };

/** The nodes of later Agent Spec versions this package compiles (held as UnknownComponents in a flow's nodes). */
export type LaterNode = ParallelFlowNode | ParallelMapNode | CatchExceptionNode;

/** A node that has a step: a built-in one, or a later version's this package compiles. */
export type StepNode = Known<Node> | LaterNode;

/** Runs one kind of node on its resolved inputs, inside its Mastra step. */
export type NodeHandler<N extends StepNode = Known<Node>> = (node: N, inputs: Record<string, unknown>, exec: StepExec) => Promise<NodeResult>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStep = Step<string, any, any, any, any, any>;

/** A `.branch` / `.dountil` condition on the step input (the frame). */
export type FrameCondition = (params: { readonly inputData: unknown }) => Promise<boolean>;

/** One thing added to a Mastra workflow under construction, with Mastra's builder methods. */
export type MastraEntry =
  | { readonly kind: 'step'; readonly step: AnyStep }
  /** A nested workflow; `steps`: the node's own steps inside it (flowSteps looks them up by id). */
  | { readonly kind: 'workflow'; readonly workflow: AnyWorkflow; readonly steps?: readonly AnyStep[] }
  | { readonly kind: 'foreach'; readonly step: AnyStep; readonly concurrency: number }
  | { readonly kind: 'branch'; readonly arms: readonly (readonly [FrameCondition, AnyStep | AnyWorkflow])[] }
  | { readonly kind: 'loop'; readonly workflow: AnyWorkflow; readonly until: FrameCondition };

/** Compiles one kind of node into Mastra workflow entries (one step, or several for FlowNode/MapNode). */
export type NodeCompiler<N extends Node = Node> = (node: N, fc: FlowCompile) => MastraEntry[];
