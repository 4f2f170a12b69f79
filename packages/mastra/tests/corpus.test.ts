import { readdirSync, readFileSync } from 'node:fs';
import { validateComponent, type Component, type Flow } from '@agentspec/core';
import { referenceRuntime, type ToolRegistry } from '@agentspec/runtime';
import { loadRulesFile, startScriptedLlm } from '@agentspec/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { CorpusCase, CorpusRun } from '../corpus/corpus-case.js';
import { importMastra } from '../src/index.js';

// Both runs talk to one scripted LLM: Mastra's model router reaches OpenAI models at OPENAI_BASE_URL, the
// corpus's local models at LOCAL_LLM_URL; the spec's LLM configs are overridden to it.
const llm = await startScriptedLlm({ strict: true, rules: [] });
process.env.OPENAI_BASE_URL = llm.url;
process.env.OPENAI_API_KEY = 'test';
process.env.LOCAL_LLM_URL = llm.url;
afterAll(() => llm.close());

const corpus = new URL('../corpus/', import.meta.url);
const names = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

interface Outcome {
  /** The workflow's result, or the agent's last answer. */
  readonly result: unknown;
  /** The tool results the LLM was sent, in order. */
  readonly toolResults: readonly unknown[];
}

const json = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** What the runs sent the LLM as tool results (since `from`), each as JSON when it is. */
function toolResults(from: number): unknown[] {
  const last = llm.requests.slice(from).at(-1);
  return (last?.messages ?? []).filter((m) => m.role === 'tool').map((m) => parsed(String(m.content)));
}

async function nativeRun(program: Record<string, unknown>, c: CorpusCase, run: CorpusRun): Promise<Outcome> {
  const from = llm.requests.length;
  const target = program[c.export] as { generate?: (m: string) => Promise<{ text: string }>; createRun?: () => Promise<{ start(o: { inputData: unknown }): Promise<{ status: string; result?: unknown; error?: unknown }> }> };
  if (run.message !== undefined) {
    const r = await (target.generate as NonNullable<typeof target.generate>)(run.message);
    return { result: r.text, toolResults: toolResults(from) };
  }
  const r = await (await (target.createRun as NonNullable<typeof target.createRun>)()).start({ inputData: run.inputs ?? {} });
  if (r.status !== 'success') throw new Error(`native run ${r.status}: ${String((r.error as Error | undefined)?.message ?? JSON.stringify(r.error))}`);
  return { result: json(r.result), toolResults: toolResults(from) };
}

async function specRun(component: Component, tools: ToolRegistry, run: CorpusRun): Promise<Outcome> {
  const from = llm.requests.length;
  const app = await referenceRuntime().load(component, { tools, llm: { override: { url: llm.url } } });
  try {
    if (run.message !== undefined) {
      const session = app.start();
      session.appendUserMessage(run.message);
      const status = await session.run();
      return { result: status.messages.filter((m) => m.role === 'assistant').at(-1)?.content, toolResults: toolResults(from) };
    }
    const status = await app.start({ inputs: { ...run.inputs } }).run();
    if (status.type !== 'finished') throw new Error(`spec run ${status.type}`);
    const outputs = status.outputs;
    // a workflow whose output schema is not an object gives one output named 'output'
    const flowOutputs = (component as Flow).outputs ?? [];
    const whole = flowOutputs.length === 1 && flowOutputs[0]?.title === 'output' && flowOutputs[0]?.type !== 'object';
    return { result: json(whole ? outputs.output : outputs), toolResults: toolResults(from) };
  } finally {
    await app.close();
  }
}

function filled(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? {}).split('${llm}').join(llm.url.replace(/\/v1$/, '')));
}

describe('the Mastra corpus: each program imports, validates and runs as it does on Mastra', () => {
  it('has the programs', () => expect(names.length).toBeGreaterThanOrEqual(6));

  describe.each(names)('%s', (name) => {
    it('imports with exactly the expected warnings, validates, and agrees with its native run', async () => {
      const c = (await import(new URL(`${name}/case.ts`, corpus).href)).default as CorpusCase;
      const program = (await import(new URL(`${name}/program.ts`, corpus).href)) as Record<string, unknown>;
      llm.setRules((await loadRulesFile(new URL(`${name}/llm.yaml`, corpus).pathname)).rules);
      // as `agentspec import` does: the program's text, where steps that ask an agent are recognized
      const imported = await importMastra(program[c.export], { programSource: readFileSync(new URL(`${name}/program.ts`, corpus), 'utf8') });
      expect(imported.warnings.map((w) => w.code)).toEqual(c.warnings);
      expect(validateComponent(imported.component).filter((d) => d.severity === 'error')).toEqual([]);
      if (c.component) expect(imported.component).toMatchObject(filled(c.component) as object);
      for (const run of c.runs) {
        const native = await nativeRun(program, c, run);
        const spec = await specRun(imported.component, imported.tools, run);
        if (run.differs) {
          expect(imported.warnings.map((w) => w.code)).toContain(run.differs.because);
          expect({ native: native.result, spec: spec.result }).toEqual({ native: run.differs.native, spec: run.differs.spec });
        } else {
          expect(spec.result).toEqual(native.result);
        }
        expect(spec.toolResults).toEqual(native.toolResults);
      }
    });
  });
});
