import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Agent, Component } from '@agentspec/core';
import { openAiBaseUrl, retryingFetch, type LlmOptions } from '@agentspec/runtime';
import { emitAiSdk } from '../../src/emit/index.js';
import type { AgentBuildOptions, AgentBuildResult, GroupBuilder, GroupBuildResult } from '../../src/options.js';

/** Where the tests write emitted modules (git-ignored). */
export const EMITTED_DIR = new URL('../.emitted/', import.meta.url);

/** Where emitted modules are written; MCP agents import `@modelcontextprotocol/sdk`, a devDependency of this package. */
export function prepareEmittedDir(): void {
  mkdirSync(EMITTED_DIR, { recursive: true });
}

/** An emitted module's exports, as the tests use them. */
export interface EmittedModule {
  build(options: Record<string, unknown>): AgentBuildResult;
}

/** A group's emitted module, as the tests use it. */
export interface EmittedGroupModule {
  build(options: Record<string, unknown>): GroupBuildResult;
}

/** Write the module of an agent (or a group) to `.emitted/<prefix>-<id>-<hash of the code>.ts` and import it. */
export async function importEmitted(agent: Agent, prefix: string): Promise<EmittedModule>;
export async function importEmitted(group: Component, prefix: string): Promise<EmittedGroupModule>;
export async function importEmitted(agent: Component, prefix: string): Promise<EmittedModule | EmittedGroupModule> {
  prepareEmittedDir();
  const code = emitAiSdk(agent, { source: `${agent.id}.yaml` }).code;
  const file = new URL(`${prefix}-${agent.id.replace(/[^\w-]/g, '_')}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.ts`, EMITTED_DIR);
  if (!existsSync(file)) writeFileSync(file, code);
  return (await import(file.href)) as EmittedModule | EmittedGroupModule;
}

/** The emitted module's LLM options from the runtime's (`llm.override` → `baseURL`, as compileAiSdk resolves it). */
export function emittedLlmOptions(llm: LlmOptions | undefined): Record<string, unknown> {
  const o = llm?.override;
  const apiKey = o ? o.apiKey : llm?.apiKey;
  return {
    ...(o ? { baseURL: openAiBaseUrl(o.url) } : {}),
    ...(o?.model ? { model: o.model } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(llm?.credentialHosts ? { credentialHosts: llm.credentialHosts } : {}),
    ...(llm?.timeoutMs !== undefined ? { timeoutMs: llm.timeoutMs } : {}),
    // the module retries (the runtime's retries, or the spec's retry_policy); each attempt goes through the session's ledger
    ...(llm?.retries !== undefined ? { retries: llm.retries } : {}),
    ...(llm?.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: llm.maxRetryAfterMs } : {}),
    fetch: retryingFetch({ retries: 0 }),
  };
}

/**
 * aiSdkRuntime's `build` option on emitted modules: emit the agent the
 * runtime loaded (local server URLs already substituted), import the module,
 * and call its `build` with the session's options.
 */
export function emittedBuilder(prefix: string): (agent: Agent, options: AgentBuildOptions) => Promise<AgentBuildResult> {
  return async (agent, options) => {
    const mod = await importEmitted(agent, prefix);
    return mod.build({
      tools: options.tools ?? {},
      inputs: options.inputs,
      llm: emittedLlmOptions(options.llm),
      ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
      ...(options.network?.allow ? { allowHosts: options.network.allow } : {}),
      ...(options.network?.allowStdio ? { allowStdio: options.network.allowStdio } : {}),
      ...(options.http ? { http: options.http } : {}),
      hooks: options.hooks,
    });
  };
}

/**
 * aiSdkRuntime's `buildGroup` option on emitted modules: emit the Swarm or
 * ManagerWorkers the runtime loaded (SpecializedAgents merged), import the
 * module, and call its `build` with the session's options. `built` gets the
 * id of every group built.
 */
export function emittedGroupBuilder(prefix: string, built: Set<string>): GroupBuilder {
  return async (group, options) => {
    const mod = await importEmitted(group as unknown as Component, prefix);
    built.add(group.id);
    return mod.build({
      tools: options.tools ?? {},
      inputs: options.inputs,
      llm: emittedLlmOptions(options.llm),
      maxHandoffs: options.maxHandoffs,
      ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
      ...(options.network?.allow ? { allowHosts: options.network.allow } : {}),
      ...(options.network?.allowStdio ? { allowStdio: options.network.allowStdio } : {}),
      ...(options.http ? { http: options.http } : {}),
      hooks: options.hooks,
    });
  };
}
