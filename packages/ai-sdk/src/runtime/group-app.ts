import type { Component } from '@agentspec/core';
import { DEFAULT_LLM_TIMEOUT_MS, DEFAULT_MAX_HANDOFFS, finishedRetention, hasToolboxes, KernelSession, openEnvelope, RuntimeError, type App, type RuntimeLoadOptions, type SavedSession, type Session } from '@agentspec/runtime';
import { checkServerTools } from '../compile/check-server-tools.js';
import type { GroupMembers } from '../multi-agent/group-members.js';
import type { AiSdkRuntimeOptions } from '../options.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { GroupEngine, type GroupContext, type GroupEngineState } from './group-engine.js';

/**
 * A Swarm or ManagerWorkers run by the group the `buildGroup` option builds
 * for each session ({@link GroupEngine}). `given` is the component as loaded
 * (what sessions are saved against). Members with toolboxes or message
 * transforms are AS_UNSUPPORTED here (aiSdkRuntime without `buildGroup` runs
 * them on the reference interpreter).
 */
export function groupApp(members: GroupMembers, given: Component, load: RuntimeLoadOptions, options: AiSdkRuntimeOptions): App {
  for (const a of members.agents) {
    if (hasToolboxes(a) || (a.transforms ?? []).length > 0) {
      throw new RuntimeError('AS_UNSUPPORTED', `agent '${a.name}' of ${members.group.component_type} '${members.group.name}' has ${hasToolboxes(a) ? 'toolboxes' : 'message transforms'}, which a group of the buildGroup option does not take`, { agent: a.id }, {
        hint: 'run the group without buildGroup (the reference interpreter runs it)',
      });
    }
    checkServerTools(a, load.tools);
  }
  const ctx: GroupContext = {
    members, options, signal: load.signal, built: [],
    build: {
      llm: { ...load.llm, timeoutMs: load.llm?.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS },
      maxSteps: load.limits?.maxAgentSteps ?? 20,
      maxHandoffs: load.limits?.maxHandoffs ?? DEFAULT_MAX_HANDOFFS,
      ...(load.tools ? { tools: load.tools } : {}),
      ...(options.model !== undefined ? { model: options.model } : {}),
      ...(load.network ? { network: load.network } : {}),
      ...(load.limits?.http ? { http: load.limits.http } : {}),
    },
  };
  const retention = finishedRetention(load.retainFinished, 'runtime');
  const meta = (inputs: Readonly<Record<string, unknown>>) => ({ runtime: AI_SDK_RUNTIME_NAME, kind: 'agent' as const, component: given, inputs, retention });
  return {
    component: given,
    start(start = {}): Session {
      const inputs = start.inputs ?? {};
      return new KernelSession(new GroupEngine(ctx, inputs), meta(inputs), undefined, start);
    },
    async resume(saved: SavedSession, resume = {}): Promise<Session> {
      const s = openEnvelope(saved, { runtime: AI_SDK_RUNTIME_NAME, component: given });
      return new KernelSession(new GroupEngine(ctx, s.inputs, s.state as GroupEngineState), meta(s.inputs), s, resume);
    },
    async close() {
      await Promise.all(ctx.built.splice(0).map((b) => b.close?.()));
    },
  };
}
