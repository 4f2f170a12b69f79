import type { PassThrough } from 'node:stream';
import { isUnknownComponent, type ClientTransport, type Known, type MtlsFiles } from '@agentspec/core';
import { admitted } from '../admit/admit.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { redactUrl } from '../store/redact-url.js';
import { cappedFetch, tooLargeAnswer } from './capped-fetch.js';
import { DEFAULT_MAX_BODY_BYTES } from '../http/read-http-body.js';
import { createAgentFetch, loadMtlsAgent } from './mtls-fetch.js';
import { stdioRefusal, type StdioCommand } from './stdio-policy.js';

/** An SDK transport ready for `Client.connect`, with what helps explain a failure. */
export interface OpenedTransport {
  readonly transport: Transport;
  /** Where it goes: the URL, or the command line of a stdio server. */
  readonly target: string;
  /** The last output of a stdio server on stderr. */
  readonly stderrTail?: () => string;
  /** Release what the transport holds besides its connection (the mTLS agent's sockets). */
  readonly dispose?: () => void;
  /** Rejects when an answer of the server passed the size cap (the call waiting for it must fail, not hang). */
  readonly overflow?: Promise<never>;
}

const STDERR_TAIL = 2_000;

/** Whether `network.allowStdio` allows starting this command line (see {@link stdioRefusal}). */
export function stdioAllowed(server: StdioCommand, network: NetworkPolicy | undefined): boolean {
  return stdioRefusal(server, network) === undefined;
}

/**
 * The SDK client transport for an Agent Spec ClientTransport component
 * (DESIGN §4.2): StdioTransport (only when `network.allowStdio` allows its
 * command line, else AS_HTTP_REFUSED; env merged over the SDK's minimal safe
 * environment), SSETransport and StreamableHTTPTransport (url and headers),
 * and their mTLS variants (key, cert and CA files read now; AS_MCP if not).
 */
export async function createClientTransport(spec: ClientTransport, network: NetworkPolicy | undefined, site: ErrorSite, maxResultBytes?: number): Promise<OpenedTransport> {
  const component = admitted(spec);
  switch (component.component_type) {
    case 'StdioTransport':
      return stdioTransport(component, network, site, maxResultBytes);
    case 'SSETransport':
    case 'StreamableHTTPTransport':
      return remoteTransport(component, undefined, site, maxResultBytes);
    case 'SSEmTLSTransport':
    case 'StreamableHTTPmTLSTransport': {
      const agent = await loadMtlsAgent(mtlsFiles(component), site);
      return { ...remoteTransport(component, createAgentFetch(agent), site, maxResultBytes), dispose: () => agent.destroy() };
    }
  }
}

/** Throw AS_HTTP_REFUSED for a StdioTransport that `network.allowStdio` does not allow ({@link stdioRefusal}); nothing is started. */
export function assertStdioAllowed(component: ClientTransport, network: NetworkPolicy | undefined, site: ErrorSite): void {
  if (isUnknownComponent(component) || component.component_type !== 'StdioTransport') return;
  const refusal = stdioRefusal(component, network);
  if (refusal === undefined) return;
  const argv = [component.command, ...(component.args ?? [])].join(' ');
  throw new RuntimeError('AS_HTTP_REFUSED', refusal, site, {
    hint: `list '${component.command}' (or the exact command line '${argv.length > 120 ? `${argv.slice(0, 120)}…` : argv}') in the network.allowStdio load option to allow it`,
  });
}

/**
 * A stdio server's answers are capped like remote ones: the SDK's read buffer
 * holds at most `maxResultBytes` of output not yet split into messages; past
 * it the SDK reports an error and stops the server, which fails the waiting
 * call with AS_HTTP_BODY_TOO_LARGE at once.
 */
function stdioTransport(component: Extract<ClientTransport, { component_type: 'StdioTransport' }>, network: NetworkPolicy | undefined, site: ErrorSite, maxResultBytes = DEFAULT_MAX_BODY_BYTES): OpenedTransport {
  assertStdioAllowed(component, network, site);
  const { command } = component;
  const args = [...(component.args ?? [])];
  const target = [command, ...args].join(' ');
  const transport = new StdioClientTransport({
    command,
    args,
    env: { ...getDefaultEnvironment(), ...(component.env ?? {}) },
    ...(component.cwd ? { cwd: component.cwd } : {}),
    stderr: 'pipe',
    maxBufferSize: maxResultBytes,
  });
  const { overflow, overflowed } = overflowSignal();
  // set before Client.connect, which chains the handler it finds
  transport.onerror = (error: Error) => {
    if (/exceeded maximum size/.test(error.message)) overflowed(tooLargeAnswer(target, maxResultBytes, 'stopped reading there', site));
  };
  let tail = '';
  (transport.stderr as PassThrough | null)?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  return { transport, target, stderrTail: () => tail.trim(), overflow };
}

/** A promise that rejects when an answer passed the cap (never resolves), and how to reject it. */
function overflowSignal(): { overflow: Promise<never>; overflowed: (error: RuntimeError) => void } {
  let overflowed: (error: RuntimeError) => void = () => undefined;
  const overflow = new Promise<never>((_resolve, reject) => (overflowed = reject));
  overflow.catch(() => undefined);
  return { overflow, overflowed };
}

function remoteTransport(
  component: Extract<Known<ClientTransport>, { url: string }>,
  fetch: FetchLike | undefined,
  site: ErrorSite,
  maxResultBytes: number | undefined,
): OpenedTransport {
  let url: URL;
  try {
    url = new URL(component.url);
  } catch {
    throw new RuntimeError('AS_MCP', `'${redactUrl(component.url)}' is not a valid MCP server URL`, site);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RuntimeError('AS_MCP', `the MCP server URL must be http or https, not '${url.protocol}'`, site);
  const target = `${url.origin}${url.pathname}`;
  const { overflow, overflowed } = overflowSignal();
  const base = fetch ?? ((input: string | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const capped = cappedFetch(base, maxResultBytes, redactUrl(target), site, (e) => overflowed(e));
  const options = { ...(component.headers ? { requestInit: { headers: { ...component.headers } } } : {}), fetch: capped };
  const sse = component.component_type === 'SSETransport' || component.component_type === 'SSEmTLSTransport';
  const transport = sse ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
  return { transport, target, overflow };
}

function mtlsFiles(component: MtlsFiles): MtlsFiles {
  return { key_file: component.key_file, cert_file: component.cert_file, ca_file: component.ca_file };
}
