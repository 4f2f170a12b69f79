/**
 * A small but honest Runtime for the runner's own tests: standalone Agents
 * with ServerTools and ClientTools (and requires_confirmation), calling the
 * LLM over real HTTP. Anything else is rejected at load with AS_UNSUPPORTED.
 */
import type { Agent, Component } from '@agentspec/core';
import type { App, Runtime, RuntimeLoadOptions, SavedSession, Session, StartOptions } from '@agentspec/runtime';
import { MiniError } from './mini-error.js';
import { MiniSession, type MiniState } from './mini-session.js';

export interface MiniRuntimeOptions {
  /** The name in the matrix (default `mini`); known gaps are read for it. */
  readonly name?: string;
  /** A deliberate bug: reply texts come out upper-cased. */
  readonly shout?: boolean;
}

export function miniRuntime(options: MiniRuntimeOptions = {}): Runtime {
  const name = options.name ?? 'mini';
  return {
    name,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      if (component.component_type !== 'Agent') throw new MiniError('AS_UNSUPPORTED', `the mini runtime runs Agents, not ${component.component_type}`);
      const agent = component as Agent;
      const tools = load.tools ?? {};
      const other = agent.tools.filter((t) => t.component_type !== 'ServerTool' && t.component_type !== 'ClientTool');
      if (other.length > 0) throw new MiniError('AS_UNSUPPORTED', `the mini runtime has no ${other.map((t) => t.component_type).join(', ')}`);
      const missing = agent.tools.filter((t) => t.component_type === 'ServerTool' && !tools[t.name]).map((t) => t.name);
      if (missing.length > 0) throw new MiniError('AS_MISSING_TOOL', `no implementation for ${missing.join(', ')}`);
      const url = load.llm?.override?.url;
      if (url === undefined) throw new MiniError('AS_UNSUPPORTED', 'the mini runtime needs llm.override.url');
      const ctx = { runtime: name, agent, tools, url, maxTurns: load.limits?.maxAgentSteps ?? 20, shout: options.shout ?? false };
      return {
        component,
        start(start: StartOptions = {}): Session {
          return new MiniSession(ctx, { messages: [], inputs: { ...start.inputs }, decisions: {}, results: {} });
        },
        async resume(saved: SavedSession): Promise<Session> {
          if (saved.runtime !== name || saved.format !== 1) throw new MiniError('AS_RESUME_MISMATCH', `not a ${name} save`);
          return new MiniSession(ctx, structuredClone(saved.state as MiniState));
        },
        async close() {},
      };
    },
  };
}
