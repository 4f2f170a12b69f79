// Oracle's published documents with BuiltinTools and api_type: responses (shared/corpus/oracle/, beside the repository;
// skipped when absent), loaded and run on every registered runtime: each is refused at load by all five, coded and
// naming the same BuiltinTool (its tool_type, orchestrator_builtin, is no runtime's); with that tool left out, the
// agent of api_type responses runs over the Responses API and agrees on all five.
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
const CONFIGS = 'pyagentspec/tests/agentspec_configs/';
const read = (path: string) => readFileSync(join(ROOT as string, path), 'utf8');
const runtimes = Object.keys(RUNTIMES);

/** The load error of a component on a runtime (code, message with the runtime's name blanked), or undefined. */
async function refusal(runtime: string, component: Component, options: Record<string, unknown> = {}) {
  return RUNTIMES[runtime]!().load(component, options).then(
    async (app) => void (await app.close()),
    (e: unknown) => ({ code: (e as { code?: string }).code, message: (e as Error).message.replace(/by the [\w -]+? runtime/g, 'by <runtime>') }),
  );
}

describe.skipIf(!ROOT)("Oracle's documents with BuiltinTools and api_type responses, on every runtime", () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm({ strict: true, rules: [{ match: { endpoint: 'responses', lastUserMessage: 'Hello' }, answer: { text: 'Hello! Ask me anything.' } }] });
  });
  afterAll(() => llm?.close());

  it.each([
    ['example_serialized_agent_with_tools_and_builtin_tools.yaml', "BuiltinTool 'sample_builtin' (id 'builtin_tool') at /tools/3"],
    ['example_tools_with_confirmation_25_4_2.yaml', "BuiltinTool 'builtin_tool' (id 'builtin123') at /tools/4"],
  ])('%s: refused by every runtime with AS_UNSUPPORTED naming the BuiltinTool and its tool_type, before any LLM request', async (file, named) => {
    const component = load(read(`${CONFIGS}${file}`)).component as Component;
    llm.clear();
    for (const runtime of runtimes) {
      const error = await refusal(runtime, component, { llm: { override: { url: llm.url } } });
      expect(error, runtime).toMatchObject({ code: 'AS_UNSUPPORTED', message: expect.stringContaining(named) });
      expect(error?.message, runtime).toContain("tool_type 'orchestrator_builtin'");
    }
    expect(llm.requests).toEqual([]);
  });

  it(`${CONFIGS}example_tools_with_confirmation_25_4_2.yaml without its BuiltinTool: the same turn over the Responses API on every runtime`, async () => {
    const text = read(`${CONFIGS}example_tools_with_confirmation_25_4_2.yaml`);
    const component = load(text.slice(0, text.indexOf('- component_type: BuiltinTool')) + 'toolboxes: []\nhuman_in_the_loop: true\nagentspec_version: 25.4.2\n').component as Component;
    expect((component as unknown as { llm_config: { api_type: string } }).llm_config.api_type).toBe('responses');
    const results: Record<string, unknown> = {};
    for (const runtime of runtimes) {
      llm.clear();
      const app = await RUNTIMES[runtime]!().load(component, { tools: { server_tool: () => 'ok' }, llm: { override: { url: llm.url } } });
      try {
        const session = app.start();
        session.appendUserMessage('Hello');
        const status = await session.run();
        results[runtime] = {
          status: status.type,
          messages: status.messages.map((m) => [m.role, m.content]),
          requests: llm.requests.map((r) => ({ endpoint: r.endpoint, tools: r.tools.map((t) => t.name), system: r.systemPrompt })),
        };
      } finally {
        await app.close();
      }
    }
    expect(results.reference).toEqual({
      status: 'user_input',
      messages: [['user', 'Hello'], ['assistant', 'Hello! Ask me anything.']],
      requests: [{ endpoint: 'responses', tools: ['tool', 'server_tool', 'remote_tool', 'mcp_tool'], system: 'Testing tools with requires_confirmation in v25.4.2' }],
    });
    for (const runtime of runtimes) expect(results[runtime], runtime).toEqual(results.reference);
  });
});
