/**
 * `flowNodes`: the node steps of emitted flows. A module written by
 * `emitLangGraph` for a Flow writes the graph out with LangGraph's API
 * (`new StateGraph(State).addNode(…).addEdge(…).addConditionalEdges(…)`)
 * and calls these for the node bodies, so they run the same Agent Spec
 * semantics as `compileLangGraph`'s graphs (inputs, data flow, branches,
 * templates, tools, HTTP, MCP, map/reduce, interrupts, trace events).
 */
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import type { Agent, Flow, LlmConfig, Node } from '@agentspec/core';
import { admitted, RuntimeError, type LlmOptions, type NetworkPolicy, type RuntimeLimits, type ToolRegistry } from '@agentspec/runtime';
import { CHANNELS } from '../constants.js';
import { compileAgentGraph } from '../compile/agent/compile-agent.js';
import { CompileContext } from '../compile/context.js';
import { nodeAction } from '../compile/flow/compile-flow.js';
import { FlowData } from '../compile/flow/flow-data.js';
import { transitionsOf, type Transitions } from '../compile/flow/flow-edges.js';
import { mergeByName, mergeByNode } from '../compile/flow/flow-state.js';
import type { CompiledNode } from '../compile/flow/node-handler.js';
import { NODE_HANDLERS } from '../compile/flow/nodes/index.js';
import type { GraphState, LangGraph, NodeFn } from '../compile/graph-types.js';
import { chatOpenAI } from '../compile/llm/chat-model.js';

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
  /** `maxSteps` (each graph's recursion limit, default 1000), `maxAgentSteps`, `mapConcurrency`, `http`. */
  readonly limits?: RuntimeLimits;
  /** Hosts a templated URL may reach, MCP stdio commands allowed to start. */
  readonly network?: NetworkPolicy;
}

/** What the node steps of one built graph share: tools, LLM clients, limits, MCP connections. */
export class FlowContext {
  /** @internal */
  readonly compile: CompileContext;

  constructor(options: FlowBuildOptions = {}) {
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

  /** Close what the node steps opened (MCP connections). */
  close(): Promise<void> {
    return this.compile.close();
  }
}

/** A compiled graph a node runs (a subflow's, an agent's): any CompiledStateGraph. */
export interface Subgraph {
  invoke(...args: never[]): Promise<unknown>;
}

interface FlowParts {
  readonly data: FlowData;
  readonly transitions: Transitions;
}

const parts = new WeakMap<Flow, FlowParts>();

function partsOf(flow: Flow): FlowParts {
  let p = parts.get(flow);
  if (!p) parts.set(flow, (p = { data: new FlowData(flow), transitions: transitionsOf(flow) }));
  return p;
}

/** A context whose subflow / agent graph is `graph` (the one the emitted module built for this node). */
function withSubgraph(ctx: CompileContext, graph: LangGraph): CompileContext {
  return Object.create(ctx, { flowGraph: { value: () => graph }, agentGraph: { value: () => graph } }) as CompileContext;
}

/**
 * The body of `node` in `flow` (both from the spec), as compileLangGraph's
 * graphs run it (nodeAction). A FlowNode, MapNode or AgentNode runs `subgraph`.
 */
function step(flow: Flow, spec: Node, ctx: FlowContext, subgraph?: Subgraph): NodeFn {
  const node = admitted(spec);
  const { data, transitions } = partsOf(flow);
  const handler = NODE_HANDLERS[node.component_type] as (n: Node, fc: { flow: Flow; ctx: CompileContext }) => CompiledNode;
  const compiled = handler(node, { flow, ctx: subgraph ? withSubgraph(ctx.compile, subgraph as LangGraph) : ctx.compile });
  return nodeAction(flow, node, compiled, data, transitions);
}

/** The node steps of emitted flows (see the README, "Emitting TypeScript"). */
export const flowNodes = {
  /** What the steps of one build share (tools, LLM, limits, network; close() ends MCP connections). */
  context: (options: FlowBuildOptions = {}): FlowContext => new FlowContext(options),
  step,
  /** The graph of an AgentNode's Agent, compiled from its spec (model → tools → model; ends on a text reply without outputs). */
  agentGraph: (agent: Agent, ctx: FlowContext): LangGraph => compileAgentGraph(agent, true, ctx.compile).graph,
  /** The path function of conditional edges: the branch the node finished on. */
  branch: (state: GraphState): string => state[CHANNELS.branch] as string,
  /** Node inputs in flight, without data edges: one space of values by name (the last writer wins). */
  valuesByName: mergeByName,
  /** Node inputs in flight, with data edges: `{ [nodeId]: { [input]: value } }`. */
  valuesByNode: mergeByNode,
} as const;
