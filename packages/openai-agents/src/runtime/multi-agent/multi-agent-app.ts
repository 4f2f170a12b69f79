import type { Component } from '@agentspec/core';
import { Runner } from '@openai/agents';
import {
  DEFAULT_MAX_HANDOFFS, finishedRetention, KernelSession, McpConnections, openEnvelope, requireServerTools,
  type App, type RuntimeLoadOptions, type Session,
} from '@agentspec/runtime';
import { compileAgent } from '../../compile/compile-agent.js';
import { OPENAI_AGENTS_RUNTIME_NAME } from '../../names.js';
import type { CompiledGroup, OpenAiAgentsRuntimeOptions } from '../../types.js';
import { MultiAgentEngine, type MultiAgentServices, type MultiAgentState } from './multi-agent-engine.js';
import type { NativeGroup } from './native-members.js';

/**
 * A Swarm or ManagerWorkers loaded to run natively on the SDK
 * ({@link MultiAgentEngine}): each session compiles the members with its
 * inputs (or has the `buildGroup` option build them) and runs them with one
 * Runner. `given` is the component as loaded (what sessions are saved against).
 */
export function multiAgentApp(group: NativeGroup, given: Component, load: RuntimeLoadOptions, options: OpenAiAgentsRuntimeOptions): App {
  requireServerTools(given, load.tools);
  /** What the `buildGroup` option built (closed by close()). */
  const built: CompiledGroup[] = [];
  const mcp = new McpConnections({ network: load.network ?? {}, ...(load.limits?.http?.maxBodyBytes !== undefined ? { maxResultBytes: load.limits.http.maxBodyBytes } : {}) });
  const services: MultiAgentServices = {
    group,
    runner: new Runner({ tracingDisabled: options.tracing !== true }),
    compile: compileAgent,
    options: {
      structuredOutput: 'submit_result', mcp,
      ...(load.tools ? { tools: load.tools } : {}),
      ...(load.llm ? { llm: load.llm } : {}),
      ...(load.limits ? { limits: load.limits } : {}),
      ...(load.network ? { network: load.network } : {}),
      ...(options.tracing !== undefined ? { tracing: options.tracing } : {}),
    },
    maxHandoffs: load.limits?.maxHandoffs ?? DEFAULT_MAX_HANDOFFS,
    ...(load.signal ? { signal: load.signal } : {}),
    ...(options.buildGroup ? { buildGroup: options.buildGroup, onBuilt: (b: CompiledGroup) => built.push(b) } : {}),
  };
  const retention = finishedRetention(load.retainFinished, 'runtime');
  const meta = (inputs: Readonly<Record<string, unknown>>) => ({ runtime: OPENAI_AGENTS_RUNTIME_NAME, kind: 'agent' as const, component: given, inputs, retention });
  return {
    component: given,
    start(start = {}): Session {
      const inputs = start.inputs ?? {};
      return new KernelSession(new MultiAgentEngine(services, inputs), meta(inputs), undefined, start);
    },
    async resume(saved, resume = {}): Promise<Session> {
      const s = openEnvelope(saved, { runtime: OPENAI_AGENTS_RUNTIME_NAME, component: given });
      return new KernelSession(new MultiAgentEngine(services, s.inputs, s.state as MultiAgentState), meta(s.inputs), s, resume);
    },
    close: async () => {
      await Promise.all(built.splice(0).map((b) => b.close()));
      await mcp.close();
    },
  };
}
