import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { McpConnections } from '../../src/mcp/index.js';
import { stdio } from './transports.js';

const node = process.execPath;
const script = fileURLToPath(new URL('./fixtures/stdio-server.mjs', import.meta.url));
const allow = { allowStdio: [node] };
const site = { tool: 'local' };
const str = [{ title: 'text', type: 'string' as const }];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
  return !alive(pid);
}

describe('MCP over stdio', () => {
  const conns = new McpConnections({ network: allow });
  afterEach(() => conns.close());

  it('refuses a command not listed in network.allowStdio, before starting anything', async () => {
    const refused = new McpConnections();
    const p = refused.callTool(stdio(node, [script]), 'echo', { text: 'x' }, str, { site });
    await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', hint: expect.stringContaining('network.allowStdio') });
    await expect(p).rejects.toThrow(/stdio server '.*' is not allowed \[tool 'local'\]/);
    await expect(refused.callTool(stdio(node, [script]), 'echo', {}, str, { network: { allowStdio: ['node-other'] } })).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    expect(refused.size).toBe(0);
  });

  it('refuses inline code (node -e) of an allowed command without running it; only the exact argv allows it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentspec-stdio-'));
    try {
      const marker = join(dir, 'ran');
      const args = ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`];
      const refused = new McpConnections();
      const p = refused.callTool(stdio(node, args), 'echo', {}, str, { site, network: allow });
      await expect(p).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
      await expect(p).rejects.toThrow(/with '-e' is not allowed: that argument runs code given inline/);
      await new Promise((r) => setTimeout(r, 300));
      expect(existsSync(marker)).toBe(false);
      // the same command line listed exactly starts (it is no MCP server, so the connection then fails)
      const exact = new McpConnections();
      const q = exact.callTool(stdio(node, args), 'echo', {}, str, { site, network: { allowStdio: [{ command: node, args }] } });
      await expect(q).rejects.toMatchObject({ code: 'AS_MCP' });
      await exact.close();
      expect(existsSync(marker)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts an allowed command, calls its tools, times out after read_timeout_seconds, checks allowStdio on every call', async () => {
    const t = stdio(node, [script], { session_parameters: { read_timeout_seconds: 0.3 } });
    expect(await conns.callTool(t, 'add', { a: 20, b: 22 }, [{ title: 'sum', type: 'integer' }], { site })).toEqual({ sum: 42 });
    expect(await conns.callTool(t, 'echo', { text: ' [1, 2] ' }, str, { site })).toBe(' [1, 2] ');
    await expect(conns.callTool(t, 'fail', {}, str, { site })).rejects.toMatchObject({ code: 'AS_TOOL_FAILED' });
    await expect(conns.callTool(t, 'slow', { ms: 2_000 }, str, { site })).rejects.toThrow(/AS_MCP: no answer within 0.3 s/);
    await expect(conns.callTool(t, 'echo', { text: 'x' }, str, { network: {} })).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
    expect(await conns.callTool(t, 'echo', { text: 'still there' }, str)).toBe('still there');
    expect(conns.size).toBe(1);
  });

  it('passes env over a minimal environment, and cwd', async () => {
    process.env.AGENTSPEC_TEST_SECRET = 'must-not-leak';
    try {
      const cwd = realpathSync(tmpdir());
      const t = stdio(node, [script], { env: { DEMO_VAR: 'from-spec' }, cwd });
      const info = (await conns.callTool(t, 'whereami', {}, [{ title: 'info', type: 'object' }])) as Record<string, unknown>;
      expect(info).toMatchObject({ cwd, demo: 'from-spec', secret: null });
    } finally {
      delete process.env.AGENTSPEC_TEST_SECRET;
    }
  });

  it('close() stops the server process, and a later call starts a new one', async () => {
    const t = stdio(node, [script]);
    const first = (await conns.callTool(t, 'whereami', {}, [])) as { pid: number };
    expect(alive(first.pid)).toBe(true);
    await conns.close();
    expect(await waitGone(first.pid)).toBe(true);
    const second = (await conns.callTool(t, 'whereami', {}, [])) as { pid: number };
    expect(second.pid).not.toBe(first.pid);
  });

  it('a server that went away is dropped, and the next call starts it again', async () => {
    const t = stdio(node, [script]);
    const first = (await conns.callTool(t, 'whereami', {}, [])) as { pid: number };
    process.kill(first.pid);
    for (let i = 0; i < 100 && conns.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(conns.size).toBe(0);
    const second = (await conns.callTool(t, 'whereami', {}, [])) as { pid: number };
    expect(second.pid).not.toBe(first.pid);
  });

  it('a server that exits at start is AS_MCP with its stderr', async () => {
    const t = stdio(node, [script], { env: { DEMO_CRASH: '1' } });
    await expect(conns.callTool(t, 'echo', { text: 'x' }, str, { site })).rejects.toThrow(/AS_MCP: connecting to the MCP server .* failed.*cannot start \(DEMO_CRASH\)/s);
    expect(conns.size).toBe(0);
  });

  it('a command that does not exist is AS_MCP', async () => {
    const missing = '/nonexistent/agentspec-mcp-server';
    const p = conns.callTool(stdio(missing, []), 'echo', {}, str, { network: { allowStdio: [missing] } });
    await expect(p).rejects.toMatchObject({ code: 'AS_MCP' });
    await expect(p).rejects.toThrow(/ENOENT/);
  });
});
