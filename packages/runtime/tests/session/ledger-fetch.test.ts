import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { Ledger, ledgerFetch, withLedger } from '../../src/index.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ rules: [{ match: { lastMessage: 'hi' }, answer: { text: 'hello there' } }] });
});
afterAll(() => llm.close());

const ask = (send: typeof fetch, stream: boolean) => send(`${llm.url}/chat/completions`, {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...(stream ? { stream: true } : {}) }),
});

describe('ledgerFetch', () => {
  it.each([['a JSON answer', false], ['a streamed answer', true]])('records %s read whole, and answers the same request again from the ledger', async (_, stream) => {
    const send = ledgerFetch(fetch);
    const ledger = new Ledger();
    const before = llm.requests.length;
    const first = await withLedger(ledger, async () => (await ask(send, stream)).text());
    expect(first).toContain('hello');
    const [entry] = ledger.list();
    expect(entry).toMatchObject({ kind: 'llm', value: { status: 200, body: first, contentType: expect.stringContaining(stream ? 'text/event-stream' : 'application/json') } });
    // the same request asked again in a rerun: the recorded answer, the LLM not asked
    ledger.beginRun();
    const again = await withLedger(ledger, async () => ask(send, stream));
    expect(await again.text()).toBe(first);
    expect(again.headers.get('content-type')).toBe((entry?.value as { contentType: string }).contentType);
    expect(llm.requests.length - before).toBe(1);
  });
});
