import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver } from '@agentspec/testing';
import { agentspecAsync } from './bin-process.js';
import { startServe } from './serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'agentspec-serve-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const EXAMPLE = ['examples/serve/refund-flow.yaml', '--tools', 'examples/serve/tools.ts', '--offline', 'examples/serve/llm.yaml', '--port', '0'];

describe('agentspec serve', () => {
  it('serves the example over the chat API until SIGTERM (exit 0), its session resumed by a second server on the same store', async () => {
    const store = join(dir, 'one.db');
    const first = await startServe([...EXAMPLE, '--store', store]);
    const post = async (url: string, path: string, body: unknown) => (await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
    try {
      expect(await (await fetch(`${first.url}/health`)).json()).toMatchObject({ status: 'ok', spec: 'Refund desk', runtime: 'reference' });
      expect(await post(first.url, '/api/chats', { id: 'r1', inputs: { customer: 'Ada' } })).toMatchObject({ status: 'user_input' });
      expect(await post(first.url, '/api/chats/r1/messages', { content: 'order 17' })).toMatchObject({ status: 'tool_confirmation', requests: [{ name: 'issue_refund', args: { amount: '42.50 euros' } }] });
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startServe([...EXAMPLE, '--store', store]);
    try {
      const chat = await (await fetch(`${second.url}/api/chats/r1`)).json() as { status: { requests: { id: string }[] } };
      const done = await post(second.url, '/api/approve', { chatId: 'r1', toolCallId: chat.status.requests[0]?.id, approved: true });
      expect(done).toMatchObject({ status: 'finished', outputs: { receipt: 'R-1001: 42.50 euros for "order 17"' } });
    } finally {
      await second.stop();
    }
  });

  it('takes its token from --token or AGENTSPEC_SERVE_TOKEN, and refuses a non-loopback host without one (exit 2)', async () => {
    const served = await startServe([...EXAMPLE, '--store', join(dir, 'two.db')], { AGENTSPEC_SERVE_TOKEN: 'tok' });
    try {
      expect((await fetch(`${served.url}/health`)).status).toBe(401);
      expect((await fetch(`${served.url}/health`, { headers: { authorization: 'Bearer tok' } })).status).toBe(200);
      expect(served.output()).toContain(`playground  ${served.url}/?token=tok`);
    } finally {
      await served.stop();
    }
    const refused = await agentspecAsync(['serve', ...EXAMPLE, '--store', join(dir, 'three.db'), '--host', '0.0.0.0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('agentspec: error AS_INSECURE_BIND: refusing to listen on 0.0.0.0 without a bearer token');
  });

  it('records each served run\'s trace: GET /traces/:id (JSON, and the trace viewer\'s page), --otlp exports the spans, --cors answers the listed origin', async () => {
    const receiver = await startOtlpReceiver();
    const served = await startServe([...EXAMPLE, '--store', join(dir, 'four.db'), '--token', 'tok', '--otlp', receiver.url, '--cors', 'http://app.example']);
    const auth = { authorization: 'Bearer tok', 'content-type': 'application/json' };
    try {
      await fetch(`${served.url}/api/chats`, { method: 'POST', headers: auth, body: JSON.stringify({ id: 't1', inputs: { customer: 'Ada' } }) });
      await fetch(`${served.url}/api/chats/t1/messages`, { method: 'POST', headers: auth, body: JSON.stringify({ content: 'order 17' }) });
      const trace = await (await fetch(`${served.url}/traces/t1`, { headers: auth })).json() as { format: string; runtime: string; runs: unknown[]; spans: { kind: string; name: string }[] };
      expect(trace).toMatchObject({ format: 'agentspec-trace', runtime: 'reference' });
      expect(trace.runs).toHaveLength(2);
      expect(trace.spans.map((sp) => sp.name)).toEqual(expect.arrayContaining(['Refund desk', 'ask for the order', 'propose an amount', 'refund model']));
      const page = await (await fetch(`${served.url}/traces/t1/view?token=tok`)).text();
      expect(page).toContain('<title>agentspec trace — Refund desk</title>');
      expect(page).toContain('"label":"reference"');
      expect(served.output()).toContain(`traces      ${served.url}/traces/<session>`);
      const preflight = await fetch(`${served.url}/ag-ui`, { method: 'OPTIONS', headers: { origin: 'http://app.example', 'access-control-request-method': 'POST' } });
      expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, 'http://app.example']);
    } finally {
      expect(await served.stop()).toBe(0);
      await receiver.close();
    }
    // the spans went to the collector as they ran (flushed at the latest when the server stopped)
    expect(receiver.spans.map((sp) => sp.name)).toEqual(expect.arrayContaining(['invoke_workflow Refund desk', 'InputMessageNode ask for the order', 'chat scripted-model', 'LlmNode propose an amount']));
    expect(served.output()).toMatch(/trace: \d+ spans exported to/);
  });
});
