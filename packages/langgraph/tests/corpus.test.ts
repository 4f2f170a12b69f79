/**
 * The corpus (corpus/<name>/: program.ts written the way LangGraph.js's own
 * guides write graphs, rules.yaml for the scripted LLM, case.json): each
 * program is imported (the warnings it must give, by code, in order), the
 * spec written and read back without a diagnostic, then run with the
 * import's tools on the reference runtime (and on this package's LangGraph
 * runtime, which keeps `messages` for itself) and natively with LangGraph
 * against the same scripted LLM — and the results must be the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, serialize, type Agent, type Flow, type ManagerWorkers } from '@agentspec/core';
import { loadRulesFile, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { referenceRuntime } from '@agentspec/runtime';
import { importLangGraph, langgraphRuntime } from '../src/index.js';
import type { ImportedLangGraph } from '../src/index.js';
import {
  comparableConversation, comparableDelegations, comparableHandoffs, comparableState, CORPUS, corpusCase, corpusPrograms, lastAnswer, runNatively, runSpec, workerExchanges,
} from './fixtures/corpus-harness.js';

const programs = corpusPrograms();

it('the corpus has at least 8 programs', () => {
  expect(programs.length).toBeGreaterThanOrEqual(8);
});

describe.each(programs)('corpus/%s', { timeout: 60_000 }, (name) => {
  const c = corpusCase(name);
  let llm: ScriptedLlm;
  let program: unknown;
  let imported: ImportedLangGraph;

  beforeAll(async () => {
    llm = await startScriptedLlm(await loadRulesFile(new URL(`${name}/rules.yaml`, CORPUS).pathname));
    process.env.OPENAI_BASE_URL = llm.url;
    process.env.OPENAI_API_KEY = 'not-used';
    const mod = (await import(/* @vite-ignore */ new URL(`${name}/program.ts`, CORPUS).href)) as Record<string, unknown>;
    program = mod[c.export ?? 'graph'];
    imported = await importLangGraph(program);
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('imports with the warnings its case names, each coded', () => {
    expect(imported.warnings.map((w) => w.code).sort()).toEqual([...c.warnings].sort());
    for (const w of imported.warnings) expect(w.message.length).toBeGreaterThan(20);
  });

  it('is a valid spec, written and read back', () => {
    const text = serialize(imported.component, { format: 'yaml' });
    const again = load(text);
    expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(again.component?.component_type).toBe(imported.component.component_type);
  });

  const runtimes = { reference: referenceRuntime, langgraph: langgraphRuntime } as const;
  it.each(c.runs.flatMap((run, i) => (['reference', 'langgraph'] as const).map((r) => [i + 1, r, run] as const)))('run %i on the %s runtime agrees with LangGraph', async (_i, runtime, run) => {
    const nativeFrom = llm.requests.length;
    const native = await runNatively(program, run);
    const specFrom = llm.requests.length;
    const spec = await runSpec(runtimes[runtime](), imported.component, imported.tools, llm.url, run);
    const type = imported.component.component_type;
    if (type === 'Agent') {
      expect(comparableConversation(spec.messages)).toEqual(comparableConversation(native.messages as unknown[]));
      return;
    }
    if (type === 'Swarm') {
      // the same agents said the same, handing over at the same points (LG_HANDOFF_TOOL: results and names of handoffs aside)
      expect(comparableHandoffs(comparableConversation(spec.messages))).toEqual(comparableHandoffs(comparableConversation(native.messages as unknown[])));
      return;
    }
    if (type === 'ManagerWorkers') {
      // the same delegations in the same order, the same answers, and each worker's own tool calls and results
      // (LG_SUPERVISOR_HANDOFF: handoff messages and what a worker is given to start from aside)
      const workers = (imported.component as unknown as ManagerWorkers).workers as readonly Agent[];
      const names = workers.map((w) => w.name);
      const delegations = comparableDelegations(spec.messages, names);
      expect(delegations).toEqual(comparableDelegations(native.messages as unknown[], names));
      expect(delegations.filter((m) => 'delegate' in m).length).toBeGreaterThan(0);
      expect(lastAnswer(comparableConversation(spec.messages))).toBeTruthy();
      const exchanges = workerExchanges(llm.requests, specFrom, workers);
      expect(exchanges).toEqual(workerExchanges(llm.requests.slice(0, specFrom), nativeFrom, workers));
      expect(Object.values(exchanges).flat().length).toBeGreaterThan(0);
      return;
    }
    const keys = ((imported.component as Flow).outputs ?? []).map((p) => p.title);
    expect(spec.outputs).toBeDefined();
    expect(comparableState(spec.outputs ?? {}, keys)).toEqual(comparableState(native, keys));
  });
});
