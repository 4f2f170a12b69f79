// Oracle's published documents with A2AAgents, summarization transforms and datastores (shared/corpus/oracle/, beside
// the repository; skipped when absent), loaded and run on every registered runtime: the outcomes are the same
// everywhere — the same conversation and LLM requests, or the same coded refusal (OracleDatabaseDatastore: no client).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, type Component } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES } from '../src/runtimes.js';

function corpus(): string | undefined {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const found = [process.env.AGENTSPEC_SHARED, join(repo, '..', 'shared'), join(repo, '..', '..', 'shared')]
    .find((c) => c && existsSync(join(c, 'corpus', 'oracle', 'pyagentspec-verdicts.tsv')));
  return found ? join(found, 'corpus', 'oracle') : undefined;
}

const ROOT = corpus();
const EXAMPLES = 'docs/pyagentspec/source/agentspec_config_examples/';
const read = (path: string) => readFileSync(join(ROOT as string, path), 'utf8');
const runtimes = Object.keys(RUNTIMES);

/** What a run ended with, the same shape on every runtime: a status (type and messages) or an error (code and message, the runtime's name blanked). */
async function outcome(runtime: string, component: Component, turns: readonly string[], options: Record<string, unknown> = {}) {
  let app;
  try {
    app = await RUNTIMES[runtime]!().load(component, options);
  } catch (e) {
    return { load: { code: (e as { code?: string }).code, message: blank((e as Error).message) } };
  }
  try {
    const session = app.start();
    const statuses = [];
    for (const text of turns) {
      session.appendUserMessage(text);
      try {
        const s = await session.run();
        statuses.push({ type: s.type, messages: s.messages.map((m) => ({ role: m.role, content: m.content })) });
      } catch (e) {
        statuses.push({ error: { code: (e as { code?: string }).code, message: blank((e as Error).message) } });
        break;
      }
    }
    return { statuses };
  } finally {
    await app.close();
  }
}

/** A message with the runtime that wrote it blanked (`by the LangGraph runtime` → `by <runtime>`). */
function blank(message: string): string {
  return message.replace(/by the [\w -]+? runtime/g, 'by <runtime>');
}

describe.skipIf(!ROOT)("Oracle's documents with A2AAgents, transforms and datastores, on every runtime", () => {
  let llm: ScriptedLlm;
  const LONG = `Please read this report. ${'The quarterly numbers are fine. '.repeat(320)}`;
  beforeAll(async () => {
    llm = await startScriptedLlm({
      strict: true,
      rules: [
        { match: { systemPromptContains: 'Create a concise summary of this message' }, answer: { text: 'A long report: the quarterly numbers are fine.' } },
        { match: { lastMessage: 'Message summary: A long report: the quarterly numbers are fine.' }, answer: { text: 'Good to hear.' } },
        { match: { lastMessage: 'Hi' }, answer: { text: 'Hello! How can I help?' } },
      ],
    });
  });
  afterAll(() => llm?.close());

  it(`${EXAMPLES}howto_summarization_transforms.json: the same conversation and LLM requests (the summarization included)`, async () => {
    const component = load(read(`${EXAMPLES}howto_summarization_transforms.json`)).component as Component;
    expect(LONG.length).toBeGreaterThan(10_000);
    const results: Record<string, unknown> = {};
    for (const runtime of runtimes) {
      llm.clear();
      const end = await outcome(runtime, component, ['Hi', LONG], { llm: { override: { url: llm.url, apiKey: 'not-used' } } });
      results[runtime] = { end, requests: llm.requests.map((r) => ({ model: r.model, system: r.systemPrompt, messages: r.messages.filter((m) => m.role !== 'system').map((m) => m.content.slice(0, 80)) })) };
    }
    expect(results.reference).toMatchObject({
      end: { statuses: [{ type: 'user_input' }, { type: 'user_input', messages: [{}, {}, { content: LONG }, { content: 'Good to hear.' }] }] },
      requests: [{}, { system: expect.stringContaining('Create a concise summary') }, { messages: ['Hi', 'Hello! How can I help?', 'Message summary: A long report: the quarterly numbers are fine.'] }],
    });
    for (const runtime of runtimes) expect(results[runtime], runtime).toEqual(results.reference);
  });

  it(`${EXAMPLES}howto_oracle_datastore.json: refused by every runtime with AS_UNSUPPORTED and the same reason and hint`, async () => {
    // the how-to's components registry (docs/pyagentspec/source/code_examples/howto_datastores.py)
    const component = load(read(`${EXAMPLES}howto_oracle_datastore.json`), {
      components: { 'oracle_tls_config_id.user': 'myuser', 'oracle_tls_config_id.password': 'mypassword', 'oracle_tls_config_id.dsn': '(DESCRIPTION=(ADDRESS=(PROTOCOL=tcps)(HOST=myhost.example.com)(PORT=2484)))' },
    }).component as Component;
    const refusals = await Promise.all(runtimes.map(async (runtime) => {
      const error = await RUNTIMES[runtime]!().load(component).then(() => undefined, (e: unknown) => e as { code?: string; message: string; hint?: string });
      return { code: error?.code, message: blank(error?.message ?? ''), hint: error?.hint };
    }));
    expect(refusals[0]).toMatchObject({ code: 'AS_UNSUPPORTED', message: expect.stringContaining('no Oracle Database client'), hint: expect.stringContaining('PostgresDatabaseDatastore') });
    for (const r of refusals) expect(r).toEqual(refusals[0]);
  });

  it('pyagentspec/tests/agentspec_configs/a2aagent.yaml: the same AS_A2A on every runtime (its client key file is a placeholder path)', async () => {
    const component = load(read('pyagentspec/tests/agentspec_configs/a2aagent.yaml')).component as Component;
    const ends = await Promise.all(runtimes.map((runtime) => outcome(runtime, component, ['Hello'])));
    expect(ends[0]).toEqual({ statuses: [{ error: { code: 'AS_A2A', message: expect.stringContaining("key_file '/path/to/key.pem'") } }] });
    for (const e of ends) expect(e).toEqual(ends[0]);
  });

  it(`${EXAMPLES}howto_a2aagent.json and .yaml: rejected when loaded, before any runtime (their connection_config has no component_type, as pyagentspec says)`, () => {
    for (const file of ['howto_a2aagent.json', 'howto_a2aagent.yaml']) {
      const r = load(read(`${EXAMPLES}${file}`));
      expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code), file).toEqual(['AS_NOT_A_COMPONENT']);
    }
  });
});
