import type { Agent, LlmConfig } from '@agentspec/core';
import { a2aConnections, type A2aConnections, type LlmOptions } from '@agentspec/runtime';
import type { Agent as MastraAgent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { llmModel } from '../model/llm-model.js';
import { resolveLimits, type CompileMastraOptions, type ResolvedLimits } from '../options.js';
import { toolRunner, type ToolRunner } from './tools/tool-runner.js';
import { Warnings } from '../warnings.js';

/** Everything compiling one component shares: options, the tool runner, caches (shared sub-components compile once). */
export class CompileContext {
  readonly limits: ResolvedLimits;
  readonly llm: LlmOptions;
  readonly runner: ToolRunner;
  readonly warnings = new Warnings();
  /** The A2A clients of the A2AAgents its AgentNodes run (closed with the compiled objects). */
  readonly a2a: A2aConnections;
  readonly structuredOutput: 'submit_result' | 'native';
  readonly agents = new Map<Agent, MastraAgent>();
  /** The agents of a Swarm or ManagerWorkers (a member may be compiled twice: owning the conversation, or asked). */
  readonly groupAgents: MastraAgent[] = [];
  /** The tool-less agents of LlmNodes. */
  readonly llmAgents: MastraAgent[] = [];
  private readonly models = new Map<LlmConfig, MastraModelConfig>();
  private readonly ids = new Set<string>();

  constructor(readonly options: CompileMastraOptions) {
    this.limits = resolveLimits(options.limits);
    this.llm = options.llm ?? {};
    this.runner = toolRunner({ ...(options.tools ? { tools: options.tools } : {}), ...(options.network ? { network: options.network } : {}), http: this.limits.http });
    this.structuredOutput = options.structuredOutput ?? 'submit_result';
    this.a2a = a2aConnections({ ...(options.network ? { network: options.network } : {}), ...(options.limits?.http?.maxBodyBytes !== undefined ? { maxBodyBytes: options.limits.http.maxBodyBytes } : {}) });
  }

  model(config: LlmConfig): MastraModelConfig {
    let m = this.models.get(config);
    if (!m) {
      const given = this.options.model;
      m = given === undefined ? llmModel(config, this.llm) : typeof given === 'function' ? given(config) : given;
      this.models.set(config, m);
    }
    return m;
  }

  /** Mastra's own LLM retries: none for our models (their fetch retries, one policy with Retry-After capped), `llm.retries` for a `model` option's. */
  get maxRetries(): number {
    return this.options.model === undefined ? 0 : this.llm.retries ?? 2;
  }

  /** A Mastra id for a component, unique within this compilation (`a`, `a_2`, …). */
  uniqueId(id: string): string {
    const base = id.replace(/[^A-Za-z0-9_.:-]/g, '_') || 'component';
    let candidate = base;
    for (let i = 2; this.ids.has(candidate); i++) candidate = `${base}_${i}`;
    this.ids.add(candidate);
    return candidate;
  }
}
