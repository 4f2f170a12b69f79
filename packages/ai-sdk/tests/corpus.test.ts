import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadRulesFile, startScriptedLlm } from '@agentspec/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { CorpusCase, CorpusRun } from '../corpus/corpus-case.js';

// Both runs talk to one scripted LLM: the programs' `openai` provider reads OPENAI_BASE_URL when
// @ai-sdk/openai is first loaded — so before anything here imports it —, the spec's LLM configs are overridden to it.
const llm = await startScriptedLlm({ strict: true, rules: [] });
process.env.OPENAI_BASE_URL = llm.url;
process.env.OPENAI_API_KEY = 'test';
afterAll(() => llm.close());
const { validateComponent } = await import('@agentspec/core');
const { referenceRuntime } = await import('@agentspec/runtime');
const { importAiSdk, importAiSdkModule } = await import('../src/index.js');

const corpus = new URL('../corpus/', import.meta.url);
const execFileAsync = promisify(execFile);
const names = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

type Imported = Awaited<ReturnType<typeof importAiSdk>>;

interface Outcome {
  /** The answer: the text, or the structured output. */
  readonly result: unknown;
  /** The tool results the LLM was last sent, in order. */
  readonly toolResults: readonly unknown[];
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** What the run sent the LLM as tool results in its last request (since `from`), each as JSON when it is. */
function toolResults(from: number): unknown[] {
  const last = llm.requests.slice(from).at(-1);
  return (last?.messages ?? []).filter((m) => m.role === 'tool').map((m) => parsed(String(m.content)));
}

/** A chat route handler's answer: it is POSTed the message as UI messages; the text of its UI message stream's last text part. */
async function routeRun(post: (req: Request) => Promise<Response>, message: string): Promise<string> {
  const messages = [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: message }] }];
  const response = await post(new Request('http://localhost/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages }) }));
  const chunks = (await response.text()).split('\n').filter((l) => l.startsWith('data: {')).map((l) => JSON.parse(l.slice(6)) as { type: string; id?: string; delta?: string });
  const lastText = chunks.filter((c) => c.type === 'text-start').at(-1)?.id;
  return chunks.filter((c) => c.type === 'text-delta' && c.id === lastText).map((c) => c.delta).join('');
}

async function nativeRun(run: (message: string, options?: unknown) => Promise<unknown>, r: CorpusRun, route: boolean): Promise<Outcome> {
  const from = llm.requests.length;
  const result = route ? await routeRun(run as unknown as (req: Request) => Promise<Response>, r.message) : await run(r.message, r.options);
  return { result, toolResults: toolResults(from) };
}

/** A script calling the AI SDK at its top level, run as it is run: `node program.ts`, talking to the scripted LLM; what it prints is the answer. */
async function scriptRun(program: URL): Promise<Outcome> {
  const from = llm.requests.length;
  const { stdout } = await execFileAsync(process.execPath, [fileURLToPath(program)], { env: { ...process.env, OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'test' } });
  return { result: stdout.trim(), toolResults: toolResults(from) };
}

async function specRun(imported: Imported, r: CorpusRun): Promise<Outcome> {
  const from = llm.requests.length;
  const app = await referenceRuntime().load(imported.component, { tools: imported.tools, llm: { override: { url: llm.url } } });
  try {
    const session = app.start({ inputs: { ...r.options } });
    session.appendUserMessage(r.message);
    const status = await session.run();
    const result = status.type === 'finished' ? status.outputs : status.messages.filter((m) => m.role === 'assistant').at(-1)?.content;
    return { result, toolResults: toolResults(from) };
  } finally {
    await app.close();
  }
}

function filled(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? {}).split('${llm}').join(llm.url.replace(/\/v1$/, '')));
}

describe('the AI SDK corpus: each program imports, validates and runs as it does on the AI SDK', () => {
  it('has the programs', () => expect(names.length).toBeGreaterThanOrEqual(4));

  describe.each(names)('%s', (name) => {
    it('imports with exactly the expected warnings, validates, and agrees with its native run', async () => {
      const c = (await import(new URL(`${name}/case.ts`, corpus).href)).default as CorpusCase;
      const programUrl = new URL(`${name}/program.ts`, corpus);
      llm.setRules((await loadRulesFile(new URL(`${name}/llm.yaml`, corpus).pathname)).rules);
      // a script calling the AI SDK at its top level is never loaded by the import (that would make the call)
      const from = llm.requests.length;
      const program = c.topLevel ? {} : ((await import(programUrl.href)) as Record<string, unknown>);
      const imported = c.topLevel ? await importAiSdkModule(fileURLToPath(programUrl)) : await importAiSdk(program[c.export as string] as object, { exportName: c.export as string });
      expect(llm.requests.length).toBe(from);
      expect(imported.warnings.map((w) => w.code)).toEqual(c.warnings);
      expect(validateComponent(imported.component).filter((d) => d.severity === 'error')).toEqual([]);
      if (c.component) expect(imported.component).toMatchObject(filled(c.component) as object);
      for (const r of c.runs) {
        const native = c.topLevel ? await scriptRun(programUrl) : await nativeRun(program[c.native as string] as (message: string, options?: unknown) => Promise<unknown>, r, c.route === true);
        const spec = await specRun(imported, r);
        expect(native.result).toBeTruthy();
        expect(spec.result).toEqual(native.result);
        expect(spec.toolResults).toEqual(native.toolResults);
      }
    });
  });
});
