import { deserialize, kindOf, laterComponent, type Component, type EndNode, type Flow, type FlowNode, type MapNode, type Node } from '@agentspec/core';
import { finishFlow, RuntimeError } from '@agentspec/runtime';
import type { Agent as MastraAgent } from '@mastra/core/agent';
import type { AnyWorkflow } from '@mastra/core/workflows';
import type { StandardSchemaWithJSON } from '@mastra/core/schema';
import { CompileContext } from '../compile/compile-context.js';
import { FlowCompile } from '../compile/flow/flow-compile.js';
import { frameOf, SHARED_KEY } from '../compile/flow/frame.js';
import { tryExecute } from '../compile/flow/nodes/catch-exception-node.js';
import { eachExecute } from '../compile/flow/nodes/map-each.js';
import { NODE_COMPILERS } from '../compile/flow/nodes/index.js';
import { parallelBranches } from '../compile/flow/nodes/parallel-flow-node.js';
import type { AnyStep, MastraEntry, NodeCompiler } from '../compile/flow/nodes/types.js';
import { FRAME_SCHEMA, flowInputSchema, flowOutputSchema } from '../compile/flow/schemas.js';
import type { CompileMastraOptions } from '../options.js';
import { passthroughSchema } from '../compile/schema/coercing-schema.js';
import type { MastraWarning } from '../warnings.js';

/** The `execute` of a Mastra step: Mastra's step parameters in (read as needed), the step's output out. */
export type StepExecute<O = Record<string, unknown>> = (params: { readonly inputData: unknown }) => Promise<O>;

/** A `.branch` / `.dountil` condition on the frame a step passed on. */
export type FrameCondition = (params: { readonly inputData: unknown }) => Promise<boolean>;

type Schema<T = Record<string, unknown>> = StandardSchemaWithJSON<T>;

/**
 * The parts of a node's step: a sub-flow's `call`/`return`, a MapNode's
 * `items`/`collect` (and `each`: the `each` method), a ParallelFlowNode's `merge` (and `batch<n>` between
 * batches), a CatchExceptionNode's `call`/`try`/`return`.
 */
type Part = 'call' | 'return' | 'items' | 'collect' | 'merge' | `batch${number}` | 'try';

/**
 * The Agent Spec semantics of one flow's nodes, for a Mastra workflow written
 * out by hand or by `emitMastra` (DESIGN §4.2): each method gives the
 * `execute` of a step, or a condition, that behaves exactly as the steps
 * `compileMastra` builds. Steps pass a frame (the flow's data space, the next
 * node, the conversation) from one to the next; `.branch` arms and loops test
 * which node is next.
 */
export interface FlowSteps {
  /**
   * Input and output schema of every node step (the frame: plain JSON that
   * only these steps read). Typed `any` so that a step takes what a `.branch`
   * before it gives (`{ [armId]: frame }`), as `.branch` arms after a
   * `.branch` must.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly frame: Schema<any>;
  /** The flow's inputs (workflow input) and outputs (workflow output, after `finish`). */
  readonly inputs: Schema;
  readonly outputs: Schema;
  /** What a MapNode's `items` step hands to `.foreach`, and what its `collect` step gets back. */
  readonly iterations: Schema<Record<string, unknown>[]>;
  /** MapNode iterations run at once (`limits.mapConcurrency`, default 1). */
  readonly mapConcurrency: number;
  /** ParallelMapNode iterations and ParallelFlowNode subflows run at once at most (`limits.parallelism`, default 16). */
  readonly parallelism: number;
  /**
   * The `execute` of node `id`'s step (`part`: a FlowNode's `call`/`return`,
   * a MapNode's `items`/`collect`, a ParallelFlowNode's `merge`/`batch<n>` —
   * and `call` with the index of a subflow —, a CatchExceptionNode's
   * `call`/`return`).
   */
  step(id: string): StepExecute;
  step(id: string, part: Exclude<Part, 'items' | 'try'>, subflow?: number): StepExecute;
  step(id: string, part: 'items'): StepExecute<Record<string, unknown>[]>;
  /**
   * The nested workflow of ParallelFlowNode `id` over its branches (one per
   * subflow, in order: its `call` step, then the subflow's workflow): Mastra's
   * `.parallel` of them, `parallelism` at a time, then their merged outputs.
   */
  parallel(id: string, branches: readonly AnyWorkflow[]): AnyWorkflow;
  /** The `execute` of a CatchExceptionNode's `:try` step around `workflow` (its subflow's): its failure caught. */
  catching(workflow: AnyWorkflow): StepExecute;
  /**
   * The `execute` of MapNode or ParallelMapNode `id`'s `:each` step, the one
   * `.foreach` runs per iteration: `workflow` (its subflow's) in place, the
   * failures of iterations settled as on the reference runtime (the first
   * in input order, whichever failed first in time).
   */
  each(id: string, workflow: AnyWorkflow): StepExecute;
  /** The last step: the flow's outputs from the EndNode reached, and its branch. */
  readonly finish: StepExecute;
  /** A step that passes the frame on (the "none of the others" arm of a `.branch`). */
  readonly pass: StepExecute;
  /** The steps of the sub-flow node `id` runs (FlowNode, MapNode, AgentNode of a Flow, CatchExceptionNode, ParallelMapNode; a ParallelFlowNode's subflow number `index`). */
  subflow(id: string, index?: number): FlowSteps;
  /** Conditions: node `id` is next; none of `ids` is; `id` is not; the flow reached an EndNode. */
  nextIs(id: string): FrameCondition;
  nextNotIn(ids: readonly string[]): FrameCondition;
  nextIsNot(id: string): FrameCondition;
  readonly finished: FrameCondition;
  /** The Mastra agents the steps use (AgentNodes, LlmNodes): register them with your `Mastra`. */
  readonly agents: Readonly<Record<string, MastraAgent>>;
  readonly warnings: readonly MastraWarning[];
  /** Ends what the steps hold open (MCP connections, A2A clients). */
  close(): Promise<void>;
}

/**
 * The node steps of a flow (a Flow component, or its Agent Spec JSON/YAML
 * text), bound to tool implementations, LLM endpoints, limits and network
 * policy as `compileMastra` binds its workflow. `workflowId` (default: the
 * flow's id) prefixes the ids of the nested workflows its steps compile.
 */
export function flowSteps(flow: Flow | string, options: CompileMastraOptions = {}, workflowId?: string): FlowSteps {
  const spec = typeof flow === 'string' ? deserialize(flow) as Component : flow;
  if (spec.component_type !== 'Flow') throw new RuntimeError('AS_UNSUPPORTED', `flowSteps takes a Flow, not a ${spec.component_type}`);
  const ctx = new CompileContext(options);
  return stepsOf(new FlowCompile(ctx, spec as Flow, workflowId ?? ctx.uniqueId(spec.id)));
}

/** The steps a node's entries hold: its own, and its own inside a nested workflow (a ParallelFlowNode's). */
function stepsIn(entry: MastraEntry): readonly AnyStep[] {
  if (entry.kind === 'step') return [entry.step];
  return entry.kind === 'workflow' ? entry.steps ?? [] : [];
}

const ITERATIONS = passthroughSchema<Record<string, unknown>[]>({ type: 'array', items: { type: 'object' } });

function stepsOf(fc: FlowCompile): FlowSteps {
  const { ctx, flow } = fc;
  const entries = new Map<Node, MastraEntry[]>();
  const subflows = new Map<string, FlowSteps>();
  const nodeOf = (id: string): Node => {
    const node = fc.info.byId.get(id);
    if (!node) throw new RuntimeError('AS_UNSUPPORTED', `flow '${flow.id}' has no node '${id}'`);
    return node;
  };
  const stepOf = (id: string, part?: Part, subflow?: number): StepExecute<never> => {
    const node = nodeOf(id);
    let list = entries.get(node);
    if (!list) entries.set(node, (list = (NODE_COMPILERS[kindOf(node)] as NodeCompiler)(node, fc)));
    const stepId = `${fc.stepId(node)}${subflow === undefined ? '' : `[${subflow}]`}${part ? `:${part}` : ''}`;
    const step = list.flatMap(stepsIn).find((s) => s.id === stepId);
    if (!step) throw new RuntimeError('AS_UNSUPPORTED', `node '${id}' has no step '${stepId}'`);
    return step.execute as StepExecute<never>;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const frame = FRAME_SCHEMA as Schema<any>;
  return {
    frame,
    inputs: flowInputSchema(flow) as Schema,
    outputs: flowOutputSchema(flow) as Schema,
    iterations: ITERATIONS,
    mapConcurrency: ctx.limits.mapConcurrency,
    parallelism: ctx.limits.parallelism,
    step: stepOf as FlowSteps['step'],
    parallel(id, branches) {
      const node = laterComponent(nodeOf(id), 'ParallelFlowNode');
      if (!node) throw new RuntimeError('AS_UNSUPPORTED', `node '${id}' is not a ParallelFlowNode`);
      return parallelBranches(fc, node, branches).workflow;
    },
    catching: (workflow) => tryExecute(workflow) as StepExecute,
    each(id, workflow) {
      const node = nodeOf(id);
      const parallel = laterComponent(node, 'ParallelMapNode');
      const map = parallel ?? (node.component_type === 'MapNode' ? (node as MapNode) : undefined);
      if (!map) throw new RuntimeError('AS_UNSUPPORTED', `node '${id}' is not a MapNode or ParallelMapNode`);
      return eachExecute(workflow, parallel ? ctx.limits.parallelism : ctx.limits.mapConcurrency, map) as StepExecute;
    },
    finish: async ({ inputData }) => {
      const f = frameOf(inputData);
      const end = f?.end && flow.nodes.find((n) => n.id === f.end?.node);
      if (!f?.end || !end) throw new RuntimeError('AS_NO_TRANSITION', `flow '${flow.id}' stopped without reaching an EndNode`);
      const { outputs, branch } = finishFlow(flow, end as EndNode, f.end.values);
      return { ...outputs, [SHARED_KEY]: { branch, shared: f.shared } };
    },
    pass: async ({ inputData }) => frameOf(inputData) as unknown as Record<string, unknown>,
    subflow(id, index) {
      const key = index === undefined ? id : `${id}[${index}]`;
      let s = subflows.get(key);
      if (!s) {
        const node = nodeOf(id);
        const parallel = laterComponent(node, 'ParallelFlowNode');
        const sub = parallel ? parallel.subflows?.[index ?? 0] : node.component_type === 'AgentNode' ? (node.agent as Flow) : (node as FlowNode | MapNode).subflow;
        if (sub?.component_type !== 'Flow') throw new RuntimeError('AS_UNSUPPORTED', `node '${id}' runs no sub-flow${index === undefined ? '' : ` number ${index}`}`);
        const workflowId = parallel ? `${fc.workflowId}/${fc.stepId(node)}[${index ?? 0}]/${sub.id}` : `${fc.workflowId}/${fc.stepId(node)}`;
        subflows.set(key, (s = stepsOf(new FlowCompile(ctx, sub, workflowId))));
      }
      return s;
    },
    nextIs: (id) => async ({ inputData }) => frameOf(inputData)?.next === id,
    nextNotIn: (ids) => async ({ inputData }) => !ids.includes(frameOf(inputData)?.next as string),
    nextIsNot: (id) => async ({ inputData }) => frameOf(inputData)?.next !== id,
    finished: async ({ inputData }) => frameOf(inputData)?.next === null,
    get agents() {
      return Object.fromEntries([...ctx.agents.values(), ...ctx.llmAgents].map((a) => [a.id, a]));
    },
    warnings: ctx.warnings.list,
    close: () => {
      ctx.a2a.close();
      return ctx.runner.close();
    },
  };
}
