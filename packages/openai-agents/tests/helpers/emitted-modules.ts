import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Agent, Component, ManagerWorkers, Swarm } from '@agentspec/core';
import { openAiBaseUrl, retryingFetch } from '@agentspec/runtime';
import type { CompiledGroup, CompileOptions, CompileResult, GroupCompileOptions } from '../../src/types.js';
import type { CompiledAgent } from '../../src/compile/compile-agent.js';
import { emitOpenAiAgents } from '../../src/index.js';

/** Where the tests write emitted modules (git-ignored). */
export const EMITTED_DIR = new URL('../.emitted/', import.meta.url).pathname;

/** Write a file unless it already holds exactly this text (vitest watches the folder otherwise). */
export function writeIfChanged(file: string, text: string): void {
  let old: string | undefined;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    old = undefined;
  }
  if (old !== text) writeFileSync(file, text);
}

/** Emit a component's module into `.emitted/<subdir>/<name>.ts`; returns the file. */
export function writeEmitted(component: Component, subdir: string, name?: string): string {
  const { code } = emitOpenAiAgents(component, { source: `${component.id}.yaml` });
  const dir = join(EMITTED_DIR, subdir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name ?? `${component.id.replace(/[^\w-]/g, '_')}-${createHash('sha256').update(code).digest('hex').slice(0, 10)}`}.ts`);
  writeIfChanged(file, code);
  return file;
}

/** The options of an emitted module's build() for what the runtime passes to a compile. */
export function buildOptionsOf(options: CompileOptions): Record<string, unknown> {
  const llm = options.llm ?? {};
  const override = llm.override;
  return {
    tools: options.tools ?? {},
    inputs: options.inputs ?? {},
    llm: {
      ...(override ? { baseURL: openAiBaseUrl(override.url) } : {}),
      // as resolveEndpoint: with an override, its key only
      ...((override ? override.apiKey : llm.apiKey) ? { apiKey: override ? override.apiKey : llm.apiKey } : {}),
      ...(override?.model ? { model: override.model } : {}),
      ...(llm.credentialHosts ? { credentialHosts: llm.credentialHosts } : {}),
      ...(llm.timeoutMs !== undefined ? { timeoutMs: llm.timeoutMs } : {}),
      // the module retries (the runtime's retries, or the spec's retry_policy); each attempt goes through the session's ledger
      ...(llm.retries !== undefined ? { retries: llm.retries } : {}),
      ...(llm.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: llm.maxRetryAfterMs } : {}),
      fetch: retryingFetch({ retries: 0 }),
    },
    ...(options.structuredOutput ? { structuredOutput: options.structuredOutput } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.limits?.http ? { http: options.limits.http } : {}),
    ...(options.limits?.maxAgentSteps !== undefined ? { maxTurns: options.limits.maxAgentSteps } : {}),
    ...(options.tracing !== undefined ? { tracing: options.tracing } : {}),
    ...(options.transformHooks ? { transformHooks: options.transformHooks } : {}),
  };
}

interface EmittedModule {
  build(options: Record<string, unknown>): CompileResult<CompiledAgent>;
}

/** What the hooks below built: how many modules, and the ids of the components emitted (a SpecializedAgent's own, not its agent's). */
export const built = { count: 0, components: new Set<string>() };

/**
 * The runtime hook of the tests: emit the module of the agent (of the
 * SpecializedAgent `given`, when it is one), write it, import it and call its
 * build() with the options of the compile it replaces.
 */
export async function compileThroughEmittedModule(agent: Agent, options: CompileOptions, given: Component = agent, subdir = 'conformance'): Promise<CompileResult<CompiledAgent>> {
  const emitted = given.component_type === 'SpecializedAgent' ? given : agent;
  const file = writeEmitted(emitted, subdir);
  const module = (await import(file)) as EmittedModule;
  const result = module.build(buildOptionsOf(options));
  built.count++;
  built.components.add(emitted.id);
  return result;
}

/**
 * The group hook of the tests (`buildGroup`): emit the module of the Swarm or
 * ManagerWorkers, write it, import it and call its build() with the options
 * of the compile, the handoff limit and the runtime's runs of asked agents.
 */
export async function buildGroupThroughEmittedModule(group: Swarm | ManagerWorkers, options: GroupCompileOptions, subdir = 'conformance'): Promise<CompiledGroup> {
  const file = writeEmitted(group as unknown as Component, subdir);
  const module = (await import(file)) as { build(options: Record<string, unknown>): CompiledGroup };
  const result = module.build({ ...buildOptionsOf(options), maxHandoffs: options.maxHandoffs, ask: options.ask });
  built.count++;
  built.components.add(group.id);
  return result;
}
