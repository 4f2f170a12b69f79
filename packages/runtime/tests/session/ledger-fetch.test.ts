import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { bindLedger, Ledger, ledgerFetch, toolOnce, withLedger } from '../../src/index.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ rules: [{ match: { lastMessage: 'hi' }, answer: { text: 'hello there' } }] });
});
afterAll(() => llm.close());

const ask = (send: typeof fetch, stream: boolean, signal?: AbortSignal) => send(`${llm.url}/chat/completions`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, ...(signal ? { signal } : {}),
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

  it('outside withLedger, records and answers again through the ledger bound to the request\'s abort signal (bindLedger)', async () => {
    const send = ledgerFetch(fetch);
    const ledger = new Ledger();
    const signal = new AbortController().signal;
    bindLedger(signal, ledger);
    const before = llm.requests.length;
    const first = await (await ask(send, false, signal)).text();
    expect(ledger.list()).toMatchObject([{ kind: 'llm', value: { body: first } }]);
    ledger.beginRun();
    expect(await (await ask(send, false, signal)).text()).toBe(first);
    expect(llm.requests.length - before).toBe(1);
    // a request with another signal has no ledger
    await ask(send, false, new AbortController().signal);
    expect(llm.requests.length - before).toBe(2);
    expect(ledger.size).toBe(1);
  });
});

describe('toolOnce', () => {
  it('outside withLedger, runs a call once per run of the ledger it is given, and every time without one', async () => {
    const ledger = new Ledger();
    let calls = 0;
    const call = async () => ({ n: ++calls });
    expect(await toolOnce('pay', { amount: 1 }, call, ledger)).toEqual({ n: 1 });
    ledger.beginRun();
    expect(await toolOnce('pay', { amount: 1 }, call, ledger)).toEqual({ n: 1 });
    expect(await toolOnce('pay', { amount: 1 }, call)).toEqual({ n: 2 });
    expect(calls).toBe(2);
  });
});
