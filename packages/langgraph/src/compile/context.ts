import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { A2AAgent, Agent, Flow, LlmConfig } from '@agentspec/core';
import { a2aConnections, DEFAULT_MAX_HANDOFFS, DEFAULT_PARALLELISM, type A2aConnections, type LlmOptions, type NetworkPolicy, type ToolRegistry } from '@agentspec/runtime';
import { compileA2aGraph } from './agent/a2a-graph.js';
import type { LangGraph } from './graph-types.js';
import { chatOpenAI } from './llm/chat-model.js';
import type { CompileLangGraphOptions, CompileWarning } from './options.js';
import { createToolRunner, type ToolRunner } from './tools/tool-runner.js';

export interface ResolvedLimits {
  readonly maxSteps: number;
  readonly maxAgentSteps: number;
  /** Handoffs in a row of a Swarm, asks inside asks (AS_HANDOFF_LIMIT past it). */
  readonly maxHandoffs: number;
  readonly mapConcurrency: number;
  /** Tasks of a ParallelFlowNode or ParallelMapNode run at once at most: the graphs' `maxConcurrency`. */
  readonly parallelism: number;
  readonly http: { readonly timeoutMs?: number; readonly retries?: number };
}

/** How the context compiles the graphs of nested components (set by compileLangGraph, avoiding an import cycle). */
export interface SubgraphCompilers {
  flow(flow: Flow, ctx: CompileContext): LangGraph;
  agent(agent: Agent, inFlow: boolean, ctx: CompileContext): LangGraph;
}

/** What one compilation shares: options, warnings, chat models and subgraphs (compiled once per component). */
export class CompileContext {
  readonly warnings: CompileWarning[] = [];
  readonly limits: ResolvedLimits;
  readonly tools: ToolRegistry;
  readonly llm: LlmOptions;
  readonly network: NetworkPolicy;
  /** The A2A clients of the A2AAgents its AgentNodes run (closed with the compiled graph). */
  readonly a2a: A2aConnections;
  private runner: ToolRunner | undefined;
  private readonly models = new Map<LlmConfig, BaseChatModel>();
  private readonly flows = new Map<Flow, LangGraph>();
  private readonly agents = new Map<Agent, { inFlow?: LangGraph; alone?: LangGraph }>();
  private readonly remotes = new Map<A2AAgent, LangGraph>();

  constructor(readonly options: CompileLangGraphOptions, private readonly compilers: SubgraphCompilers) {
    const l = options.limits ?? {};
    this.limits = { maxSteps: l.maxSteps ?? 1000, maxAgentSteps: l.maxAgentSteps ?? 20, maxHandoffs: l.maxHandoffs ?? DEFAULT_MAX_HANDOFFS, mapConcurrency: l.mapConcurrency ?? 1, parallelism: Math.max(1, Math.floor(l.parallelism ?? DEFAULT_PARALLELISM) || 1), http: l.http ?? {} };
    this.tools = options.tools ?? {};
    this.llm = options.llm ?? {};
    this.network = options.network ?? {};
    this.a2a = a2aConnections({ network: this.network, ...(options.limits?.http?.maxBodyBytes !== undefined ? { maxBodyBytes: options.limits.http.maxBodyBytes } : {}) });
  }

  warn(kind: CompileWarning['kind'], component: string, message: string): void {
    this.warnings.push({ kind, component, message });
  }

  get toolRunner(): ToolRunner {
    return (this.runner ??= createToolRunner(this.tools, this.network, this.limits.http));
  }

  /** The chat model of an LLM config (one per config object). */
  model(config: LlmConfig): BaseChatModel {
    let m = this.models.get(config);
    if (!m) this.models.set(config, (m = this.options.chatModel ? this.options.chatModel(config) : chatOpenAI(config, this.llm)));
    return m;
  }

  /** The compiled graph of a subflow (FlowNode, MapNode, AgentNode of a Flow). */
  flowGraph(flow: Flow): LangGraph {
    let g = this.flows.get(flow);
    if (!g) this.flows.set(flow, (g = this.compilers.flow(flow, this)));
    return g;
  }

  /** The compiled graph of an agent; `inFlow` for an AgentNode (a text reply ends an agent without outputs). */
  agentGraph(agent: Agent, inFlow: boolean): LangGraph {
    let entry = this.agents.get(agent);
    if (!entry) this.agents.set(agent, (entry = {}));
    const key = inFlow ? 'inFlow' : 'alone';
    return (entry[key] ??= this.compilers.agent(agent, inFlow, this));
  }

  /** The compiled graph of an A2AAgent an AgentNode runs (its exchanges with the remote agent, a2a-graph.ts). */
  a2aGraph(agent: A2AAgent): LangGraph {
    let g = this.remotes.get(agent);
    if (!g) this.remotes.set(agent, (g = compileA2aGraph(agent, this)));
    return g;
  }

  async close(): Promise<void> {
    this.a2a.close();
    await this.runner?.close();
  }
}
