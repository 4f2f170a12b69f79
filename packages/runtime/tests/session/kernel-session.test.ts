import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, type Component } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { referenceRuntime, SESSION_FORMAT, type SessionEnvelope } from '../../src/index.js';

const PAYMENTS = `
component_type: Agent
id: payments
name: payments agent
system_prompt: You take payments.
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: http://unused}
tools:
  - component_type: ServerTool
    id: record_payment
    name: record_payment
    description: Charges the customer.
    inputs: [{title: amount, type: number}]
    outputs: [{title: receipt, type: string}]
agentspec_version: 25.4.1
`;

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { lastMessage: 'Pay 10 and then 5' }, answer: { toolCalls: [{ name: 'record_payment', arguments: { amount: 10 } }] } },
      { match: { lastToolResult: { tool: 'record_payment', contains: 'of 10' } }, answer: { toolCalls: [{ name: 'record_payment', arguments: { amount: 5 } }] } },
      { match: { lastToolResult: { tool: 'record_payment', contains: 'of 5' } }, answer: { text: 'Paid both.' } },
    ],
  });
});
afterAll(() => llm.close());

/** An app whose tool records each payment it makes in `paid` (the side effect that must happen once). */
async function paymentsApp(paid: number[], spec: Component = deserialize(PAYMENTS)) {
  const record_payment = ({ amount }: Record<string, unknown>) => {
    paid.push(amount as number);
    return `payment #${paid.length} of ${String(amount)}`;
  };
  return referenceRuntime().load(spec, { tools: { record_payment }, llm: { override: { url: llm.url } } });
}

describe('the session kernel', () => {
  it('checks what the caller gives against the status the session waits in', async () => {
    const session = (await paymentsApp([])).start();
    expect(() => session.appendToolResults([{ id: 'x', content: 1 }])).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE', message: expect.stringContaining('not waiting for tool results (status: not started)') }));
    expect(() => session.decide('x', 'approve')).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
    expect(() => session.appendUserMessage(42 as unknown as string)).toThrow(expect.objectContaining({ code: 'AS_INVALID_STATE' }));
  });

  it('saves one envelope, labelled with the runtime and the spec hash, and refuses saves that do not fit with a hint', async () => {
    const app = await paymentsApp([]);
    const session = app.start({ inputs: {} });
    session.appendUserMessage('Pay 10 and then 5');
    const saved = (await session.save()) as SessionEnvelope;
    expect(saved).toMatchObject({ runtime: 'reference', format: SESSION_FORMAT, kind: 'agent', component: 'payments', specHash: expect.stringMatching(/^[0-9a-f]{64}$/), inbox: { user: ['Pay 10 and then 5'] } });
    expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
    const refused = async (bad: unknown, message: RegExp) => expect(app.resume(bad as SessionEnvelope)).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH', message: expect.stringMatching(message) });
    await refused({ ...saved, runtime: 'langgraph' }, /saved on runtime 'langgraph', not 'reference'/);
    await refused({ ...saved, format: 1 }, /format 1/);
    await refused({ ...saved, component: 'other' }, /another spec \(of component 'other'/);
    await refused({ ...saved, specHash: 'f'.repeat(64) }, /another spec \(or another version/);
    await refused({ ...saved, inbox: undefined }, /damaged/);
    await refused(null, /JSON object save\(\) returned/);
    const changed = await paymentsApp([], deserialize(PAYMENTS.replace('You take payments.', 'You take payments politely.')));
    await expect(changed.resume(saved)).rejects.toMatchObject({ code: 'AS_RESUME_MISMATCH', hint: 'resume it with the spec it was saved with' });
  });

  it('writes checkpoints as it runs: the start, each LLM answer and tool result in the ledger, the end without a ledger', async () => {
    const writes: SessionEnvelope[] = [];
    const session = (await paymentsApp([])).start({ checkpoints: { write: async (e) => void writes.push(e) } });
    session.appendUserMessage('Pay 10 and then 5');
    expect(await session.run()).toMatchObject({ type: 'user_input' });
    expect(writes.map((w) => [w.inFlight === true, (w.ledger ?? []).map((e) => e.kind)])).toEqual([
      [true, []], [true, ['llm']], [true, ['llm', 'tool']], [true, ['llm', 'tool', 'llm']], [true, ['llm', 'tool', 'llm', 'tool']],
      [true, ['llm', 'tool', 'llm', 'tool', 'llm']], [false, []],
    ]);
    // mid-run checkpoints hold the state of the run's start (what a rerun starts from), with the ledger as it grew
    expect(writes[3]!.inbox.user).toEqual(['Pay 10 and then 5']);
    expect(writes.at(-1)!.inbox.user).toEqual([]);
  });

  it.each([2, 3, 5, 6])('resumes a checkpoint written mid-run (its process died after write %i) with every effect once', async (n) => {
    const writes: SessionEnvelope[] = [];
    const paid: number[] = [];
    const first = (await paymentsApp(paid)).start({ checkpoints: { write: async (e) => void writes.push(e) } });
    first.appendUserMessage('Pay 10 and then 5');
    await first.run();
    const paidBefore = writes[n - 1]!.ledger!.filter((e) => e.kind === 'tool').length;
    llm.clear();
    paid.length = paidBefore; // what the dead process had paid
    const resumed = await (await paymentsApp(paid)).resume(JSON.parse(JSON.stringify(writes[n - 1])) as SessionEnvelope);
    const status = await resumed.run();
    expect(status).toMatchObject({ type: 'user_input', messages: [{ role: 'user' }, { role: 'assistant' }, { role: 'tool', content: 'payment #1 of 10' }, { role: 'assistant' }, { role: 'tool', content: 'payment #2 of 5' }, { role: 'assistant', content: 'Paid both.' }] });
    // the payments the dead process made are not made again; the LLM answers it had are not asked again
    expect(paid).toEqual([10, 5]);
    expect(llm.requests).toHaveLength(3 - writes[n - 1]!.ledger!.filter((e) => e.kind === 'llm').length);
  });

  it('refuses to save or take answers while a run is going on', async () => {
    const session = (await paymentsApp([])).start();
    session.appendUserMessage('Pay 10 and then 5');
    const running = session.run();
    await expect(session.save()).rejects.toMatchObject({ code: 'AS_INVALID_STATE', message: expect.stringContaining('while the session is running') });
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_INVALID_STATE', message: expect.stringContaining('the session is already running') });
    await running;
  });
});
