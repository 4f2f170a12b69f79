// Every valid conformance case on the langgraph runtime driving the graphs of
// emitted modules: the hook emits the module of the component it is given
// (local server URLs already substituted), writes it to tests/.emitted/,
// imports it and calls its build() with the load options.
import { writeFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { Component } from '@agentspec/core';
import { openAiBaseUrl, retryingFetch, type RuntimeLoadOptions } from '@agentspec/runtime';
import { emitLangGraph, langgraphRuntime, type LangGraphBuild } from '../src/index.js';
import { caseComponent, conformance, emittedFile, hashName, prepareEmittedDir, validCases } from './emit-cases.js';

prepareEmittedDir();

/** The options of an emitted module's build(), from the load options of the runtime. */
function buildOptions(load: RuntimeLoadOptions & { checkpointer: unknown }): Record<string, unknown> {
  const override = load.llm?.override;
  return {
    checkpointer: load.checkpointer,
    ...(load.tools ? { tools: load.tools } : {}),
    llm: {
      ...(override ? { baseURL: openAiBaseUrl(override.url), ...(override.apiKey ? { apiKey: override.apiKey } : {}), ...(override.model ? { model: override.model } : {}) } : {}),
      ...(load.llm?.timeoutMs !== undefined ? { timeoutMs: load.llm.timeoutMs } : {}),
      // the runtime's one LLM retry policy (Retry-After honoured and capped) instead of the module's node RetryPolicy
      fetch: retryingFetch(load.llm ?? {}),
      retries: 0,
    },
    ...(load.limits ? { limits: load.limits } : {}),
    ...(load.network ? { network: load.network } : {}),
  };
}

let built = 0;
async function buildEmitted(component: Component, load: RuntimeLoadOptions & { checkpointer: unknown }): Promise<LangGraphBuild> {
  const { code } = emitLangGraph(component, { source: `${component.id}.yaml` });
  const file = emittedFile(`${component.id}-${hashName(code)}`);
  writeFileSync(file, code);
  const mod = (await import(file)) as { build(options: Record<string, unknown>): LangGraphBuild };
  built++;
  return mod.build(buildOptions(load));
}

// Which cases run: every valid case (Agents and Flows are both emitted). The
// `_invalid_` cases check the spec loader, which no runtime (and no emitted
// module) is involved in: they are left out. EMIT_ONLY=Agent|Flow narrows
// the run while developing.
const only = process.env.EMIT_ONLY;
const kinds = new Map<string, string>();
for (const c of await validCases()) kinds.set(c.id, (await caseComponent(c)).component_type);
const ran: string[] = [];
const filter = (id: string): boolean => {
  const keep = kinds.has(id) && (only === undefined || kinds.get(id) === only);
  if (keep) ran.push(id);
  return keep;
};

await (await conformance()).describeConformance(() => langgraphRuntime({ build: buildEmitted }), {
  filter,
  // what emitted modules do not do yet, with the reasons
  knownGapsDir: new URL('../../../conformance/known-gaps-emitted', import.meta.url).pathname,
});

it('runs every valid case of the suite (121) on emitted modules', () => {
  expect(ran.length).toBe(only === undefined ? 122 : [...kinds.values()].filter((k) => k === only).length);
});

afterAll(() => {
  expect(built).toBeGreaterThan(0);
});
