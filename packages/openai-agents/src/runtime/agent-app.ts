import type { Agent, Component } from '@agentspec/core';
import { Runner } from '@openai/agents';
import { finishedRetention, KernelSession, McpConnections, openEnvelope, type AgentTransforms, type App, type RuntimeLoadOptions, type Session } from '@agentspec/runtime';
import { openaiAgentsBackend } from '../backend/openai-agents-backend.js';
import { compileAgent, type CompiledAgent } from '../compile/compile-agent.js';
import { checkServerTools } from '../compile/check-server-tools.js';
import type { CompileResult, OpenAiAgentsRuntimeOptions } from '../types.js';
import { OPENAI_AGENTS_RUNTIME_NAME } from '../names.js';
import { AgentEngine, type AgentEngineState, type AgentServices } from './agent-engine.js';

/** How many compiled agents (one per distinct inputs) an app keeps for its sessions to share; the oldest goes first. */
const MAX_SHARED_AGENTS = 64;

/**
 * An Agent loaded on this runtime: each session compiles it with its inputs
 * (compileAgent — once per distinct inputs, shared by their sessions —, or
 * the `build` option, e.g. an emitted module's build()) and runs it with one
 * Runner. `given` is the agent as loaded (what sessions are saved against);
 * `spec` the one that runs, its toolboxes resolved.
 */
export function agentApp(spec: Agent, load: RuntimeLoadOptions, options: OpenAiAgentsRuntimeOptions, given: Component = spec, transforms?: AgentTransforms): App {
  checkServerTools(spec, load.tools ?? {});
  const mcp = new McpConnections({ network: load.network ?? {}, ...(load.limits?.http?.maxBodyBytes !== undefined ? { maxResultBytes: load.limits.http.maxBodyBytes } : {}) });
  const structuredOutput = options.structuredOutput ?? 'submit_result';
  const build = options.build;
  /** What the `build` option built for sessions not yet released (closed when released, or by close()). */
  const built: CompileResult<CompiledAgent>[] = [];
  /**
   * The SDK agents compileAgent made, by the inputs they were compiled with (their instructions are rendered from
   * them): the sessions started with the same inputs run the same Agent (an SDK Agent is the configuration of many
   * runs; what one run does lives in its RunContext), instead of each making its own model, client and tools.
   */
  const compiledFor = new Map<string, CompileResult<CompiledAgent>>();
  const services: AgentServices = {
    spec,
    runner: new Runner({ tracingDisabled: options.tracing !== true }),
    compile: async (inputs, transformHooks) => {
      const compileOptions = {
        inputs, structuredOutput, mcp,
        ...(transformHooks ? { transformHooks } : {}),
        ...(load.tools ? { tools: load.tools } : {}),
        ...(load.llm ? { llm: load.llm } : {}),
        ...(load.limits ? { limits: load.limits } : {}),
        ...(load.network ? { network: load.network } : {}),
        ...(options.tracing !== undefined ? { tracing: options.tracing } : {}),
      };
      if (!build) {
        const key = JSON.stringify(inputs);
        let agent = compiledFor.get(key);
        if (!agent) {
          agent = compileAgent(spec, compileOptions);
          if (compiledFor.size >= MAX_SHARED_AGENTS) compiledFor.delete(compiledFor.keys().next().value as string);
          compiledFor.set(key, agent);
        }
        return agent;
      }
      const result = await build(spec, compileOptions, given);
      built.push(result);
      return result;
    },
    release: async (agent) => {
      const i = built.indexOf(agent as CompileResult<CompiledAgent>);
      if (i >= 0) await built.splice(i, 1)[0]?.close();
    },
    native: structuredOutput === 'native' && (spec.outputs ?? []).length > 0,
    ...(load.signal ? { signal: load.signal } : {}),
    ...(transforms?.has(spec) ? { transforms, summarizer: openaiAgentsBackend(load.llm) } : {}),
  };
  // no store: what a finished session releases is what the `build` option built for it
  const retention = finishedRetention(load.retainFinished, 'runtime');
  return {
    component: given,
    start(start = {}): Session {
      const inputs = start.inputs ?? {};
      return new KernelSession(new AgentEngine(services, inputs), { runtime: OPENAI_AGENTS_RUNTIME_NAME, kind: 'agent', component: given, inputs, retention }, undefined, start);
    },
    async resume(saved, options = {}): Promise<Session> {
      const s = openEnvelope(saved, { runtime: OPENAI_AGENTS_RUNTIME_NAME, component: given });
      const engine = await AgentEngine.restore(services, s.inputs, s.state as AgentEngineState);
      return new KernelSession(engine, { runtime: OPENAI_AGENTS_RUNTIME_NAME, kind: 'agent', component: given, inputs: s.inputs, retention }, s, options);
    },
    close: async () => {
      await Promise.all(built.splice(0).map((r) => r.close()));
      await mcp.close();
      await transforms?.close();
    },
  };
}
