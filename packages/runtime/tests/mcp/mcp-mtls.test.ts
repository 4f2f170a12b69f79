import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SSEmTLSTransport, StreamableHTTPmTLSTransport } from '@agentspec/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnections } from '../../src/mcp/index.js';
import { makeTestCerts, serverTlsOptions, type TestCerts } from './make-certs.js';
import { startMcpServer, type McpTestServer } from './mcp-test-servers.js';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

type MtlsTransport = StreamableHTTPmTLSTransport | SSEmTLSTransport;
const str = [{ title: 'text', type: 'string' as const }];
const site = { tool: 'secure' };

function mtls(kind: 'streamable' | 'sse', url: string, files: { key_file: string; cert_file: string; ca_file: string }): MtlsTransport {
  const component_type = kind === 'sse' ? 'SSEmTLSTransport' : 'StreamableHTTPmTLSTransport';
  return { component_type, id: `${kind}-mtls`, name: 'secure', session_parameters: {}, url, headers: { 'x-tenant': 't1' }, ...files } as MtlsTransport;
}

describe('mTLS transports: missing files', () => {
  it('a file that cannot be read is AS_MCP naming the field and the path', async () => {
    const conns = new McpConnections();
    const t = mtls('streamable', 'https://127.0.0.1:1/mcp', { key_file: '/nonexistent/client.key', cert_file: '/nonexistent/client.crt', ca_file: '/nonexistent/ca.crt' });
    const p = conns.callTool(t, 'echo', { text: 'x' }, str, { site });
    await expect(p).rejects.toMatchObject({ code: 'AS_MCP' });
    await expect(p).rejects.toThrow(/cannot read the mTLS key_file '\/nonexistent\/client\.key' \(ENOENT\)/);
    expect(conns.size).toBe(0);
  });
});

describe.skipIf(!hasOpenssl()).each(['streamable', 'sse'] as const)('mTLS over %s', (kind) => {
  let certs: TestCerts;
  let server: McpTestServer;
  const conns = new McpConnections();
  beforeAll(async () => {
    certs = makeTestCerts();
    server = await startMcpServer(kind, serverTlsOptions(certs));
  });
  afterAll(async () => {
    await conns.close();
    await server.close();
    rmSync(certs.dir, { recursive: true, force: true });
  });

  it('presents the client certificate, trusts the given CA and streams the answers', async () => {
    const t = mtls(kind, server.url, { key_file: certs.clientKey, cert_file: certs.clientCert, ca_file: certs.caCert });
    expect(await conns.callTool(t, 'add', { a: 1, b: 2 }, [{ title: 'sum', type: 'number' }], { site })).toEqual({ sum: 3 });
    expect(await conns.callTool(t, 'echo', { text: 'over tls' }, str, { site })).toBe('over tls');
    expect(server.lastClientCN()).toBe('client');
    expect(server.lastHeaders()['x-tenant']).toBe('t1');
    expect(conns.size).toBe(1);
  });

  it('a server certificate from another CA is AS_MCP', async () => {
    const t = mtls(kind, server.url, { key_file: certs.clientKey, cert_file: certs.clientCert, ca_file: certs.otherCaCert });
    await expect(conns.callTool(t, 'echo', { text: 'x' }, str, { site })).rejects.toMatchObject({ code: 'AS_MCP' });
  });

  it('a client certificate the server does not trust is AS_MCP', async () => {
    const t = mtls(kind, server.url, { key_file: join(certs.dir, 'other-ca.key'), cert_file: certs.otherCaCert, ca_file: certs.caCert });
    await expect(conns.callTool(t, 'echo', { text: 'x' }, str, { site })).rejects.toMatchObject({ code: 'AS_MCP' });
  });
});
