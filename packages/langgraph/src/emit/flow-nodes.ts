/**
 * `flowNodes`: the node steps of emitted flows. A module written by
 * `emitLangGraph` for a Flow writes the graph out with LangGraph's API
 * (`new StateGraph(State).addNode(…).addEdge(…).addConditionalEdges(…)`)
 * and calls these for the node bodies, so they run the same Agent Spec
 * semantics as `compileLangGraph`'s graphs (inputs, data flow, branches,
 * templates, tools, HTTP, MCP, map/reduce, interrupts, trace events).
 */
import type { BaseMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver, LangGraphRunnableConfig, RetryPolicy } from '@langchain/langgraph';
import type { Agent, Flow, LlmConfig, Node } from '@agentspec/core';
import { resolveInputs, RuntimeError, type LlmOptions, type NetworkPolicy, type RuntimeLimits, type ToolRegistry } from '@agentspec/runtime';
import { CHANNELS } from '../constants.js';
import { compileAgentGraph } from '../compile/agent/compile-agent.js';
import { CompileContext } from '../compile/context.js';
import { emit, eventsOn, parentSpan, span } from '../compile/events.js';
import { FlowData } from '../compile/flow/flow-data.js';
import { routesOnBranch, transitionsOf, type Transitions } from '../compile/flow/flow-edges.js';
import type { FlowValues } from '../compile/flow/flow-state.js';
import type { CompiledNode } from '../compile/flow/node-handler.js';
import { NODE_HANDLERS } from '../compile/flow/nodes/index.js';
import type { GraphState, GraphUpdate, LangGraph, NodeFn } from '../compile/graph-types.js';
import { chatOpenAI } from '../compile/llm/chat-model.js';
import { llmRetryPolicy } from '../compile/llm/llm-error.js';

/** The options of an emitted flow's `build()`. */
export interface FlowBuildOptions {
  /** ServerTool implementations by tool name. */
  readonly tools?: ToolRegistry;
  /** Where the LLM is (overriding the spec's endpoints), the API key (else OPENAI_API_KEY), request timeout, retries on 429/5xx. */
  readonly llm?: { readonly baseURL?: string; readonly apiKey?: string; readonly model?: string; readonly timeoutMs?: number; readonly retries?: number };
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

function flowSpanId(config: LangGraphRunnableConfig): string {
  const ns = String(config.configurable?.checkpoint_ns ?? '');
  return `flow:${String(config.configurable?.thread_id ?? '')}:${ns.slice(0, Math.max(0, ns.lastIndexOf('|')))}`;
}

/**
 * The body of `node` in `flow` (both from the spec): its inputs resolved
 * (flow inputs for the StartNode, data edges or names otherwise), the node
 * kind's semantics run, its outputs written where data edges take them, the
 * branch it finished on written where a conditional edge routes on it
 * (AS_NO_TRANSITION for a branch no edge leaves), messages added to the
 * conversation. A FlowNode, MapNode or AgentNode runs `subgraph`.
 */
function step(flow: Flow, node: Node, ctx: FlowContext, subgraph?: Subgraph): NodeFn {
  const { data, transitions } = partsOf(flow);
  const handler = NODE_HANDLERS[node.component_type] as (n: Node, fc: { flow: Flow; ctx: CompileContext }) => CompiledNode;
  const compiled = handler(node, { flow, ctx: subgraph ? withSubgraph(ctx.compile, subgraph as LangGraph) : ctx.compile });
  const site = { node: node.id };
  const isStart = node === flow.start_node;
  const isEnd = node.component_type === 'EndNode';
  const leaving = transitions.get(node);
  const routes = isEnd || routesOnBranch(node, leaving);
  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const flowSpan = eventsOn(config) ? flowSpanId(config) : undefined;
    if (isStart && flowSpan) emit(config, 'FlowExecutionStart', flowSpan, flow.name, { flow: flow.id }, parentSpan(config));
    const inputs = isStart
      ? resolveInputs(node.inputs, resolveInputs(flow.inputs ?? node.inputs, state, site), site)
      : resolveInputs(node.inputs, data.available(node, state[CHANNELS.values] as FlowValues | undefined), site);
    const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
    const outcome = await span(config, ['NodeExecutionStart', 'NodeExecutionEnd'], node.name, { node: node.id, component_type: node.component_type, inputs }, flowSpan,
      (nodeSpan) => compiled.run({ inputs, state, messages, config, span: nodeSpan }),
      (o) => ({ outputs: o.outputs, branch: o.branch ?? 'next' }));
    const branch = outcome.branch ?? 'next';
    if (!isEnd && !leaving?.has(branch)) throw new RuntimeError('AS_NO_TRANSITION', `no control edge leaves branch '${branch}'`, site);
    const update: GraphUpdate = routes ? { [CHANNELS.branch]: branch, ...outcome.update } : { ...outcome.update };
    const writes = data.writes(node, outcome.outputs);
    if (writes) update[CHANNELS.values] = writes;
    if (outcome.messages && outcome.messages.length > 0) update[CHANNELS.messages] = [...outcome.messages];
    if (isEnd && flowSpan) emit(config, 'FlowExecutionEnd', flowSpan, flow.name, { outputs: outcome.update ?? {}, branch }, parentSpan(config));
    return update;
  };
}

/** Node inputs in flight, without data edges: one space of values by name (the last writer wins). */
function valuesByName(a: FlowValues, b: FlowValues): FlowValues {
  return { ...a, ...b };
}

/** Node inputs in flight, with data edges: `{ [nodeId]: { [input]: value } }`. */
function valuesByNode(a: FlowValues, b: FlowValues): FlowValues {
  const out: FlowValues = { ...a };
  for (const [node, inputs] of Object.entries(b)) out[node] = { ...(a[node] as FlowValues | undefined), ...(inputs as FlowValues) };
  return out;
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
  valuesByName,
  valuesByNode,
  /** The RetryPolicy of nodes that call an LLM (429, 5xx, connection errors; `llm.retries`, default 2). */
  llmRetryPolicy: (ctx: FlowContext): RetryPolicy => llmRetryPolicy(ctx.compile.llm.retries),
} as const;
