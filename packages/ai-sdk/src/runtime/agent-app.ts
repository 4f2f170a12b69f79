import type { Agent } from '@agentspec/core';
import { RuntimeError, type App, type RuntimeLoadOptions, type SavedSession, type Session } from '@agentspec/runtime';
import { checkServerTools } from '../compile/check-server-tools.js';
import { toolExecutor } from '../compile/tools/tool-executor.js';
import type { AiSdkRuntimeOptions } from '../options.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { agentShape, type AgentContext } from './agent-context.js';
import { AGENT_SAVE_FORMAT, AgentSession, type SavedAgentSession } from './agent-session.js';

/** An Agent run natively on a ToolLoopAgent, one per session (its instructions are rendered with the session's inputs), compiled or built by the `build` option. */
export function agentApp(agent: Agent, load: RuntimeLoadOptions, options: AiSdkRuntimeOptions): App {
  checkServerTools(agent, load.tools);
  const executor = toolExecutor({
    ...(load.tools ? { registry: load.tools } : {}), ...(load.network ? { network: load.network } : {}), ...(load.limits?.http ? { http: load.limits.http } : {}),
  });
  const ctx: AgentContext = { agent, shape: agentShape(agent, options), load, options, executor, maxAgentSteps: load.limits?.maxAgentSteps ?? 20, built: [] };
  return {
    component: agent,
    start: (start = {}) => new AgentSession(ctx, start.inputs ?? {}),
    async resume(saved: SavedSession): Promise<Session> {
      const s = saved as Partial<SavedAgentSession>;
      if (s?.runtime !== AI_SDK_RUNTIME_NAME || s.format !== AGENT_SAVE_FORMAT || s.kind !== 'agent') {
        throw new RuntimeError('AS_RESUME_MISMATCH', `this save is from runtime '${String(s?.runtime)}' format ${String(s?.format)}, not an agent session of ${AI_SDK_RUNTIME_NAME} format ${AGENT_SAVE_FORMAT}`);
      }
      if (s.component !== agent.id) throw new RuntimeError('AS_RESUME_MISMATCH', `this save is of component '${String(s.component)}', not '${agent.id}'`);
      return new AgentSession(ctx, s.inputs ?? {}, s as SavedAgentSession);
    },
    async close() {
      const built = ctx.built.splice(0);
      await Promise.all([executor.close(), ...built.map((b) => b.close?.())]);
    },
  };
}
