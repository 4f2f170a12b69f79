/**
 * `flowNodes`: the node steps of emitted flows. A module written by
 * `emitLangGraph` for a Flow writes the graph out with LangGraph's API
 * (`new StateGraph(State).addNode(…).addEdge(…).addConditionalEdges(…)`)
 * and calls these for the node bodies, so they run the same Agent Spec
 * semantics as `compileLangGraph`'s graphs (inputs, data flow, branches,
 * templates, tools, HTTP, MCP, map/reduce, interrupts, trace events); a
 * ParallelFlowNode or ParallelMapNode is written out as its fan-out (its
 * node, a branch per subflow or a `Send` per iteration, a join) whose graph
 * nodes run `flowNodes.fanOut`'s steps.
 */
import type { BaseCheckpointSaver, LangGraphRunnableConfig } from '@langchain/langgraph';
import type { A2AAgent, Agent, Component, Flow, LlmConfig, Node } from '@agentspec/core';
import { hasTransforms, RuntimeError, type LlmOptions, type NetworkPolicy, type RuntimeLimits, type ToolRegistry } from '@agentspec/runtime';
import { CHANNELS } from '../constants.js';
import { compileAgentGraph } from '../compile/agent/compile-agent.js';
import { CompileContext } from '../compile/context.js';
import { compileNode } from '../compile/flow/compile-flow.js';
import { FanOutSteps, mergeFanOut, type FanOutNames } from '../compile/flow/fan-out.js';
import { nodeAction } from '../compile/flow/node-action.js';
import { FlowData } from '../compile/flow/flow-data.js';
import { transitionsOf, type Transitions } from '../compile/flow/flow-edges.js';
import { foldedBranchingNodes, FoldedBranching } from '../compile/flow/folded-branching.js';
import { mergeByName, mergeByNode } from '../compile/flow/flow-state.js';
import type { GraphState, LangGraph, NodeFn } from '../compile/graph-types.js';
import { chatOpenAI } from '../compile/llm/chat-model.js';
import { transformsOnUse } from './transforms-on-use.js';

/** The options of an emitted flow's `build()`. */
export interface FlowBuildOptions {
  /** ServerTool implementations by tool name. */
  readonly tools?: ToolRegistry;
  /**
   * Where the LLM is (overriding the spec's endpoints), the API key (else OPENAI_API_KEY: to a spec's endpoint only on
   * its own origin or a host of `credentialHosts`), request timeout, retries on 429/5xx (Retry-After up to
   * `maxRetryAfterMs`; an LLM config's retry_policy decides instead).
   */
  readonly llm?: {
    readonly baseURL?: string; readonly apiKey?: string; readonly model?: string; readonly credentialHosts?: readonly string[];
    readonly timeoutMs?: number; readonly retries?: number; readonly maxRetryAfterMs?: number;
  };
  /** Where threads are checkpointed: InputMessageNodes, ClientTools and confirmations wait with interrupt(). */
  readonly checkpointer?: BaseCheckpointSaver | false;
  /** `maxSteps` (each graph's recursion limit, default 1000), `maxAgentSteps`, `mapConcurrency`, `parallelism`, `http`. */
  readonly limits?: RuntimeLimits;
  /** Hosts a templated URL may reach, MCP stdio commands allowed to start. */
  readonly network?: NetworkPolicy;
}

/** What the node steps of one built graph share: tools, LLM clients, limits, MCP connections, the agents' transforms. */
export class FlowContext {
  /** @internal */
  readonly compile: CompileContext;

  /** `root`: the flow or group the module builds (its agents' message transforms are applied, their caches shared). */
  constructor(options: FlowBuildOptions = {}, root?: Component) {
    const l = options.llm ?? {};
    const llm: LlmOptions = {
      ...(l.baseURL ? { override: { url: l.baseURL, ...(l.apiKey ? { apiKey: l.apiKey } : {}), ...(l.model ? { model: l.model } : {}) } } : {}),
      ...(l.apiKey ? { apiKey: l.apiKey } : {}),
      ...(l.timeoutMs !== undefined ? { timeoutMs: l.timeoutMs } : {}),
      ...(l.retries !== undefined ? { retries: l.retries } : {}),
      ...(l.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: l.maxRetryAfterMs } : {}),
      ...(l.credentialHosts ? { credentialHosts: l.credentialHosts } : {}),
    };
    // a model without a baseURL: the spec's endpoints, that model
    const model = l.model !== undefined && !l.baseURL ? l.model : undefined;
    this.compile = new CompileContext({
      ...(options.tools ? { tools: options.tools } : {}),
      llm,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.network ? { network: options.network } : {}),
      ...(model !== undefined ? { chatModel: (config: LlmConfig) => chatOpenAI({ ...config, model_id: model } as LlmConfig, llm) } : {}),
      ...(root && hasTransforms(root) ? { transforms: transformsOnUse(root) } : {}),
    }, {
      flow: (flow) => {
        throw new RuntimeError('AS_UNSUPPORTED', `the graph of subflow '${flow.id}' was not given to flowNodes.step`);
      },
      agent: (agent, inFlow, ctx) => compileAgentGraph(agent, inFlow, ctx).graph,
    });
  }

  /** The recursion limit of each (sub)graph: `limits.maxSteps` (default 1000). */
  get maxSteps(): number {
    return this.compile.limits.maxSteps;
  }

  /** The tasks of a step run at once at most, in a graph with a ParallelFlowNode or ParallelMapNode: `limits.parallelism` (default 16). */
  get parallelism(): number {
    return this.compile.limits.parallelism;
  }

  /** Close what the node steps opened (MCP connections, A2A clients, the transforms' datastores). */
  async close(): Promise<void> {
    await Promise.all([this.compile.close(), this.compile.options.transforms?.close()]);
  }
}

/** A compiled graph a node runs (a subflow's, an agent's): any CompiledStateGraph. */
export interface Subgraph {
  invoke(...args: never[]): Promise<unknown>;
}

interface FlowParts {
  readonly data: FlowData;
  readonly transitions: Transitions;
  /** The BranchingNodes folded into edges (flowNodes.route), by limits.maxSteps. */
  readonly folding: Map<number, FoldedBranching>;
}

const parts = new WeakMap<Flow, FlowParts>();

function partsOf(flow: Flow): FlowParts {
  let p = parts.get(flow);
  if (!p) parts.set(flow, (p = { data: new FlowData(flow), transitions: transitionsOf(flow), folding: new Map() }));
  return p;
}

/** A context whose subflow / agent graph is `graph` (the one the emitted module built for this node). */
function withSubgraph(ctx: CompileContext, graph: LangGraph): CompileContext {
  return Object.create(ctx, { flowGraph: { value: () => graph }, agentGraph: { value: () => graph }, a2aGraph: { value: () => graph } }) as CompileContext;
}

/**
 * The body of `node` in `flow` (both from the spec), as compileLangGraph's
 * graphs run it (nodeAction). A FlowNode, MapNode, AgentNode or
 * CatchExceptionNode runs `subgraph`.
 */
function step(flow: Flow, node: Node, ctx: FlowContext, subgraph?: Subgraph): NodeFn {
  const { data, transitions } = partsOf(flow);
  const compiled = compileNode(node, { flow, ctx: subgraph ? withSubgraph(ctx.compile, subgraph as LangGraph) : ctx.compile });
  if ('fanOut' in compiled) throw new RuntimeError('AS_UNSUPPORTED', `node '${node.id}' (${node.component_type}) is a fan-out: its graph nodes run flowNodes.fanOut's steps`, { node: node.id });
  return nodeAction(flow, node, compiled, data, transitions);
}

/**
 * The steps of a ParallelFlowNode or ParallelMapNode in `flow`, whose graph
 * nodes are `names` (the node's own, its task nodes, its join):
 * `start` (the node), `sends` (the path function sending each iteration),
 * `iteration` (the node each Send runs), `branch(i)` (subflow i's node),
 * `join`. `subgraphs` are the graphs of its subflows, in their order.
 */
function fanOut(flow: Flow, node: Node, ctx: FlowContext, names: FanOutNames, subgraphs: readonly Subgraph[]): FanOutSteps {
  const { data, transitions } = partsOf(flow);
  // the node's handler asks for the graph of each of its subflows, in their order
  let next = 0;
  const graphs = Object.create(ctx.compile, {
    flowGraph: {
      value: (f: Flow) => {
        const g = subgraphs[next++];
        if (!g) throw new RuntimeError('AS_UNSUPPORTED', `the graph of subflow '${f.id}' was not given to flowNodes.fanOut`, { node: node.id });
        return g as LangGraph;
      },
    },
  }) as CompileContext;
  const compiled = compileNode(node, { flow, ctx: graphs });
  if (!('fanOut' in compiled)) throw new RuntimeError('AS_UNSUPPORTED', `node '${node.id}' (${node.component_type}) is not a fan-out: it runs flowNodes.step`, { node: node.id });
  return new FanOutSteps(flow, node, compiled.fanOut, data, transitions, names, ctx.compile.limits.parallelism);
}

/**
 * The path function of the edges leaving `node` in `flow` when they lead to
 * BranchingNodes: each run on the way as compileLangGraph's graphs fold it
 * (folded-branching.ts), the path going to the node it leads to — unless
 * `ctx`'s limits.maxSteps is below the steps the flow can take, then to the
 * BranchingNode's own graph node. `names`: graph node names by node id.
 */
function route(flow: Flow, node: Node, ctx: FlowContext, names: Readonly<Record<string, string>>): (state: GraphState, config: LangGraphRunnableConfig) => Promise<string> {
  const parts = partsOf(flow);
  const { data, transitions, folding } = parts;
  // one FoldedBranching per flow and limit (not one per edge: a search of the flow each)
  let folds = folding.get(ctx.maxSteps);
  if (!folds) folding.set(ctx.maxSteps, (folds = new FoldedBranching(flow, foldedBranchingNodes(flow, transitions, ctx.maxSteps), data, transitions)));
  return folds.route(node, (n) => names[n.id] as string);
}

/** The node steps of emitted flows (see the README, "Emitting TypeScript"). */
export const flowNodes = {
  /** What the steps of one build share (tools, LLM, limits, network, the transforms of `root`'s agents; close() ends MCP connections). */
  context: (options: FlowBuildOptions = {}, root?: Flow): FlowContext => new FlowContext(options, root),
  step,
  fanOut,
  route,
  /** The graph of an AgentNode's Agent, compiled from its spec (model → tools → model; ends on a text reply without outputs). */
  agentGraph: (agent: Agent, ctx: FlowContext): LangGraph => compileAgentGraph(agent, true, ctx.compile).graph,
  /**
   * The graph of an AgentNode's A2AAgent: its exchanges with the remote agent through the A2A client of
   * @agentspec/runtime (a2aConnection: SSRF guard, headers bound to the agent's origin, TLS, polling, a task asking
   * for input continued with the user's answer), one connection per agent for the build (closed by close()).
   */
  a2aGraph: (agent: A2AAgent, ctx: FlowContext): LangGraph => ctx.compile.a2aGraph(agent),
  /** The path function of conditional edges: the branch the node finished on. */
  branch: (state: GraphState): string => state[CHANNELS.branch] as string,
  /** Node inputs in flight, without data edges: one space of values by name (the last writer wins). */
  valuesByName: mergeByName,
  /** Node inputs in flight, with data edges: `{ [nodeId]: { [input]: value } }`. */
  valuesByNode: mergeByNode,
  /** The runs of ParallelFlowNodes and ParallelMapNodes in progress (their tasks, span and results), by node id. */
  parallelRuns: mergeFanOut as (current: Record<string, unknown>, writes: Record<string, unknown>) => Record<string, unknown>,
} as const;
