import type { Agent, Component } from '@agentspec/core';
import { finishedRetention, KernelSession, openEnvelope, type AgentTransforms, type App, type RuntimeLoadOptions, type SavedSession, type Session } from '@agentspec/runtime';
import { aiSdkBackend } from '../backend/ai-sdk-backend.js';
import { checkServerTools } from '../compile/check-server-tools.js';
import { toolExecutor } from '../compile/tools/tool-executor.js';
import type { AiSdkRuntimeOptions } from '../options.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { agentShape, type AgentContext } from './agent-context.js';
import { AgentEngine, type AgentEngineState } from './agent-engine.js';

/**
 * An Agent run natively on a ToolLoopAgent: one compiled for the app and shared by its sessions, each call with its session's
 * instructions (rendered with its inputs) and stop conditions — or one per session, built by the `build` option.
 * `given` is the agent as loaded (what sessions are saved against); `agent` the one that runs, its toolboxes resolved.
 */
export function agentApp(agent: Agent, load: RuntimeLoadOptions, options: AiSdkRuntimeOptions, given: Component = agent, transforms?: AgentTransforms): App {
  checkServerTools(agent, load.tools);
  const executor = toolExecutor({
    ...(load.tools ? { registry: load.tools } : {}), ...(load.network ? { network: load.network } : {}), ...(load.limits?.http ? { http: load.limits.http } : {}),
  });
  const ctx: AgentContext = {
    agent, shape: agentShape(agent, options), load, options, executor, maxAgentSteps: load.limits?.maxAgentSteps ?? 20, built: [],
    ...(transforms?.has(agent) ? { transforms, summarizer: aiSdkBackend({ ...load.llm, ...(options.model !== undefined ? { model: options.model } : {}) }) } : {}),
  };
  // no store: what a finished session releases is what the `build` option built for it
  const retention = finishedRetention(load.retainFinished, 'runtime');
  return {
    component: given,
    start(start = {}): Session {
      const inputs = start.inputs ?? {};
      return new KernelSession(new AgentEngine(ctx, inputs), { runtime: AI_SDK_RUNTIME_NAME, kind: 'agent', component: given, inputs, retention }, undefined, start);
    },
    async resume(saved: SavedSession, options = {}): Promise<Session> {
      const s = openEnvelope(saved, { runtime: AI_SDK_RUNTIME_NAME, component: given });
      return new KernelSession(new AgentEngine(ctx, s.inputs, s.state as AgentEngineState), { runtime: AI_SDK_RUNTIME_NAME, kind: 'agent', component: given, inputs: s.inputs, retention }, s, options);
    },
    async close() {
      const built = ctx.built.splice(0);
      await Promise.all([executor.close(), ...built.map((b) => b.close?.()), transforms?.close()]);
    },
  };
}
