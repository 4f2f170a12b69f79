import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from './bin-process.js';

const dir = mkdtempSync(join(tmpdir(), 'agentspec-acp-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `agentspec acp` as an editor starts it: JSON-RPC lines on its stdin and stdout. */
function startAcp(args: readonly string[]) {
  const child = spawn(process.execPath, [BIN, 'acp', ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
  const lines = createInterface({ input: child.stdout });
  const received: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  lines.on('line', (l) => {
    received.push(JSON.parse(l) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  const until = async (pick: (m: Record<string, unknown>) => boolean) => {
    for (;;) {
      const found = received.find(pick);
      if (found) return found;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  let id = 0;
  const send = (m: Record<string, unknown>) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
  const request = async (method: string, params: unknown) => {
    const n = ++id;
    send({ id: n, method, params });
    return until((m) => m.id === n && ('result' in m || 'error' in m));
  };
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, received, until, send, request, exited, stderr: () => stderr };
}

describe('agentspec acp', () => {
  it('chats with the example flow over stdio: a question, a permission request for the refund, the receipt; exits 0 when stdin closes', async () => {
    const acp = startAcp(['examples/serve/refund-flow.yaml', '--tools', 'examples/serve/tools.ts', '--offline', 'examples/serve/llm.yaml', '--store', join(dir, 's.db')]);
    expect(await acp.request('initialize', { protocolVersion: 1, clientCapabilities: {} })).toMatchObject({ result: { protocolVersion: 1, agentInfo: { name: 'Refund desk' } } });
    const created = await acp.request('session/new', { cwd: ROOT, mcpServers: [], _meta: { inputs: { customer: 'Ada' } } }) as { result: { sessionId: string } };
    const sessionId = created.result.sessionId;
    expect(await acp.request('session/prompt', { sessionId, prompt: [] })).toMatchObject({ result: { stopReason: 'end_turn' } });
    const chunks = () => acp.received.filter((m) => m.method === 'session/update').map((m) => (m.params as { update: { sessionUpdate: string; content?: { text: string } } }).update)
      .filter((u) => u.sessionUpdate === 'agent_message_chunk').map((u) => u.content?.text).join('');
    expect(chunks()).toBe('Hello Ada, which order should be refunded, and why?');

    const prompted = acp.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'order 17' }] });
    const permission = await acp.until((m) => m.method === 'session/request_permission') as { id: number; params: { toolCall: { title: string } } };
    expect(permission.params.toolCall.title).toBe('issue_refund({"order":"order 17","amount":"42.50 euros"})');
    acp.send({ id: permission.id, result: { outcome: { outcome: 'selected', optionId: 'allow' } } });
    expect(await prompted).toMatchObject({ result: { stopReason: 'end_turn' } });
    expect(chunks()).toContain('Refund issued: R-1001: 42.50 euros for "order 17"');
    acp.child.stdin.end();
    expect(await acp.exited).toBe(0);
    expect(acp.stderr()).toBe('');
  });
});
