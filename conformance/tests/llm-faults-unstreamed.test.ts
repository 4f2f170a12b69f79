// The LLM faults of faults/llm-stream-cut and faults/llm-stream-stall, on every runtime, with the session run
// unstreamed (`run()`, no events followed): the request is then a plain JSON one, which the conformance runner
// (it follows the events) never sends. Every runtime must code the failure, and word it, the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTER_NAMES, loadAdapter } from '@agentspec/adapters';
import { deserialize } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastUserMessage: 'cut' }, answer: { malformed: 'sse', text: 'an answer whose connection is closed half-way through it' } },
      { match: { lastUserMessage: 'stall' }, answer: { malformed: 'stall', text: 'an answer that stops half-way through and never ends' } },
    ],
  });
});
afterAll(() => llm.close());

const agent = deserialize({
  component_type: 'Agent', id: 'fragile', name: 'fragile', system_prompt: 'Help.', agentspec_version: '25.4.1',
  llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'scripted model', model_id: 'scripted-model', url: 'http://127.0.0.1:8000' },
});

describe.each(ADAPTER_NAMES)('an unstreamed LLM answer that fails half-way, on %s', (name) => {
  const failure = async (text: string) => {
    const runtime = (await loadAdapter(name)).runtime();
    const app = await runtime.load(agent, { llm: { override: { url: llm.url, apiKey: 'test' }, retries: 0, timeoutMs: 300 } });
    try {
      const session = app.start();
      session.appendUserMessage(text);
      return await session.run().then(() => undefined, (e: unknown) => e);
    } finally {
      await app.close();
    }
  };

  it('cut: AS_LLM_HTTP, saying the connection closed before the answer was complete', async () => {
    const e = await failure('cut');
    expect(e).toMatchObject({ code: 'AS_LLM_HTTP', message: expect.stringContaining('closed before its answer was complete') });
    expect(llm.lastRequest()?.stream).not.toBe(true);
  });

  it('stalled: AS_LLM_TIMEOUT', async () => {
    expect(await failure('stall')).toMatchObject({ code: 'AS_LLM_TIMEOUT' });
  });
});
