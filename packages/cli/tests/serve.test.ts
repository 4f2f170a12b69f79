import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
});
