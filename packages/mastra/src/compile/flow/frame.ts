import type { Message } from '@agentspec/runtime';
import type { SpanPlace } from '../../events.js';

/** What a flow shares with its sub-flows, agents and map iterations (DESIGN §4.2): the conversation and the step count. */
export interface Shared {
  readonly messages: readonly Message[];
  /** Node executions so far in the run (limits.maxSteps). */
  readonly steps: number;
  /** The span the flow's nodes run in (a sub-flow's FlowExecution span), when traced. */
  readonly span?: SpanPlace;
}

/**
 * What flows from step to step of a compiled workflow: the flow's data space
 * (values waiting at each node's inputs, or one space by name), the node to
 * run next (`null` once an EndNode finished), the last node's result, and the
 * shared conversation. Plain JSON: Mastra persists it with each step result.
 */
export interface Frame {
  readonly $agentspec: 'frame';
  /** Data edges: per destination node id, its inputs' values. */
  readonly inbox?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** No data edges: one variable space by name. */
  readonly vars?: Readonly<Record<string, unknown>>;
  readonly next: string | null;
  readonly last?: { readonly node: string; readonly outputs: Readonly<Record<string, unknown>>; readonly branch: string };
  /** The EndNode reached and its values. */
  readonly end?: { readonly node: string; readonly values: Readonly<Record<string, unknown>> };
  /** A FlowNode's or MapNode's call in progress: the sub-flow inputs, or the iterations. */
  readonly call?: unknown;
  /** The span of the node whose call is in progress (it ends when the call returns). */
  readonly callSpan?: SpanPlace;
  readonly shared: Shared;
}

/** Key of the shared context in the input and output objects of a compiled flow workflow. */
export const SHARED_KEY = '__agentspec';

/** The `__agentspec` entry of a flow workflow's input (shared context, and a map iteration's place) or output (plus the finishing branch). */
export interface FlowEnvelope {
  readonly shared?: Shared;
  readonly branch?: string;
  readonly iteration?: IterationTag;
  /** A map iteration's input: the span of the map node, where the iteration's FlowExecution span opens when it starts. */
  readonly callSpan?: SpanPlace;
}

/** A map iteration's input says which run of the node it belongs to (`group`, new at each run) and its place in input order. */
export interface IterationTag {
  readonly group: string;
  readonly index: number;
}

/**
 * The outputs of sub-flow runs that started from the same shared context
 * (map iterations, parallel subflows), in their order: each run's outputs,
 * and the shared context after all of them — the messages each added, in
 * that order, and the node executions each counted.
 */
export function joinRuns(base: Shared, runs: readonly Readonly<Record<string, unknown>>[]): { readonly outputs: Record<string, unknown>[]; readonly shared: Shared } {
  const messages: Message[] = [...base.messages];
  let steps = base.steps;
  const outputs = runs.map((r) => {
    const { [SHARED_KEY]: envelope, ...values } = r;
    const shared = (envelope as FlowEnvelope | undefined)?.shared;
    if (shared) {
      messages.push(...shared.messages.slice(base.messages.length));
      steps += shared.steps - base.steps;
    }
    return values;
  });
  return { outputs, shared: { messages, steps } };
}

export function isFrame(value: unknown): value is Frame {
  return typeof value === 'object' && value !== null && (value as { $agentspec?: unknown }).$agentspec === 'frame';
}

/**
 * The frame in a step's input: the input itself, or — after a `.branch` —
 * the frame under the key of the arm that ran (`{ [armId]: frame }`), as
 * deep as arms nest: an arm that ends in a `.branch` of its own gives
 * `{ [armId]: { [innerArmId]: frame } }`, and a chain of n branching nodes
 * nests n deep (a single key at each level does not count against the depth).
 */
export function frameOf(value: unknown, depth = 0): Frame | undefined {
  if (isFrame(value)) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const values = Object.values(value);
  if (values.length === 1) return frameOf(values[0], depth);
  if (depth > 3) return undefined;
  for (const v of values) {
    const f = frameOf(v, depth + 1);
    if (f) return f;
  }
  return undefined;
}
