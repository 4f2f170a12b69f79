import type { ClientTransport, Property } from '@agentspec/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { NetworkPolicy } from '../contract.js';
import { admitted } from '../admit/admit.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { assertStdioAllowed, createClientTransport } from './create-client-transport.js';
import type { SpecRetryPolicy } from '../llm/spec-retry-policy.js';
import { mcpResultValue } from './mcp-result-value.js';
import { mcpRetryDelay } from './mcp-retry-delay.js';
import { toMcpError } from './to-mcp-error.js';

/** Options of one MCP call. */
export interface McpCallOptions {
  /** Overrides the policy given to the constructor. */
  readonly network?: NetworkPolicy;
  readonly signal?: AbortSignal;
  /** The node or tool making the call, for error messages. */
  readonly site?: ErrorSite;
  /**
   * The spec's `retry_policy` of the request (the MCPTool's, the MCPToolBox's or the remote transport's, Agent Spec
   * 26.1.2 / 26.3.1): `max_attempts` retries of what it takes (see `mcpRetryDelay`), its `request_timeout` the time
   * allowed to each request. Without one nothing is retried.
   */
  readonly retry?: SpecRetryPolicy;
}

/** A tool offered by an MCP server. */
export interface McpToolInfo {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
}

interface Connection {
  readonly client: Client;
  readonly target: string;
  readonly dispose?: () => void;
  /** Rejects when an answer passed the size cap. */
  readonly overflow?: Promise<never>;
}

/**
 * Time allowed to the initialize handshake: the read timeout when longer, since
 * starting a stdio server (`npx …`) may take much longer than answering a call.
 */
export const CONNECT_TIMEOUT_MS = 60_000;

/** What the client says about itself to servers. */
const CLIENT_INFO = { name: 'agentspec-runtime', version: '0.1.0' };

/**
 * MCP client connections of a run, one per transport component (by object
 * identity; shared components are the same object), opened lazily on the
 * first call and reused. A connection that fails or closes is dropped and
 * reopened by the next call. `close()` closes them all (and stops stdio
 * servers).
 */
export class McpConnections {
  readonly #connections = new Map<ClientTransport, Promise<Connection>>();
  readonly #network: NetworkPolicy | undefined;

  /** Bytes of one answer of a remote MCP server read at most (`limits.http.maxBodyBytes`, default 10 MB). */
  readonly #maxResultBytes: number | undefined;

  constructor(options: { network?: NetworkPolicy; maxResultBytes?: number } = {}) {
    this.#network = options.network;
    this.#maxResultBytes = options.maxResultBytes;
  }

  /** Number of connections open or opening. */
  get size(): number {
    return this.#connections.size;
  }

  /**
   * Call `toolName` with `args` on the server of `transport` and return its
   * value for `outputs` (see {@link mcpResultValue}). Errors: AS_HTTP_REFUSED
   * (stdio command not allowed), AS_MCP (no connection, timeout), AS_TOOL_FAILED
   * (`isError`, or an error answered by the server), AS_CANCELLED. With a
   * `retry` policy, a failure to connect, a network error and an HTTP status
   * it takes are retried (a call that may have run is not: a timeout, a
   * connection closed while waiting).
   */
  async callTool(transport: ClientTransport, toolName: string, args: Readonly<Record<string, unknown>>, outputs: readonly Property[] | null | undefined, options: McpCallOptions = {}): Promise<unknown> {
    const result = await this.#request(transport, options, false, (target) => `calling tool '${toolName}' on ${target}`, async (connection, timeoutMs) => {
      const call = connection.client.callTool({ name: toolName, arguments: { ...args } }, undefined, requestOptions(timeoutMs, options.signal));
      // an answer over the size cap fails the call at once (over SSE the SDK would wait for it until its timeout)
      return connection.overflow ? Promise.race([call, connection.overflow]) : call;
    });
    return mcpResultValue(result, outputs, options.site ?? {});
  }

  /** The tools the server of `transport` offers (every page). With a `retry` policy, any failure but a refusal, a cancellation or an error the server answered is retried. */
  async listTools(transport: ClientTransport, options: McpCallOptions = {}): Promise<McpToolInfo[]> {
    return this.#request(transport, options, true, (target) => `listing the tools of ${target}`, async (connection, timeoutMs) => {
      const tools: McpToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await connection.client.listTools(cursor === undefined ? {} : { cursor }, requestOptions(timeoutMs, options.signal));
        for (const t of page.tools) {
          tools.push({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), inputSchema: t.inputSchema, ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}) });
        }
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    });
  }

  /** One request on the connection of `transport`, opened first when needed, and retried under `options.retry`. */
  async #request<T>(
    transport: ClientTransport, options: McpCallOptions, idempotent: boolean, doing: (target: string) => string,
    send: (connection: Connection, timeoutMs: number | undefined) => Promise<T>,
  ): Promise<T> {
    const site = options.site ?? {};
    const policy = options.retry;
    const timeoutMs = policy?.request_timeout ? policy.request_timeout * 1000 : readTimeoutMs(transport);
    for (let attempt = 0; ; attempt++) {
      let connection: Connection | undefined;
      try {
        connection = await this.#connection(transport, options);
        return await send(connection, timeoutMs);
      } catch (error) {
        const delay = policy && attempt < policy.max_attempts && !options.signal?.aborted
          ? mcpRetryDelay(error, policy, attempt, { connecting: connection === undefined, idempotent })
          : undefined;
        if (delay === undefined) {
          if (connection && RuntimeError.isInstance(error) && (error as RuntimeError).code === 'AS_HTTP_BODY_TOO_LARGE') void connection.client.close().catch(() => undefined);
          if (connection === undefined) throw error;
          const tries = attempt > 0 ? ` (${attempt + 1} attempts)` : '';
          throw toMcpError(error, { doing: `${doing(connection.target)}${tries}`, signal: options.signal, timeoutMs }, site);
        }
        // a connection that failed below HTTP is opened again for the next attempt
        if (connection && !(error as { code?: unknown } | null)?.code) await this.#drop(transport, connection);
        await pause(delay, options.signal, site);
      }
    }
  }

  /** Close every connection (stdio servers are stopped). The object stays usable: later calls reconnect. */
  async close(): Promise<void> {
    const pending = [...this.#connections.values()];
    this.#connections.clear();
    await Promise.all(
      pending.map((p) =>
        p.then(async (c) => {
          await c.client.close().catch(() => undefined);
          c.dispose?.();
        }).catch(() => undefined),
      ),
    );
  }

  async #connection(transport: ClientTransport, options: McpCallOptions): Promise<Connection> {
    const site = options.site ?? {};
    if (options.signal?.aborted) throw new RuntimeError('AS_CANCELLED', 'the MCP call was cancelled', site);
    const network = options.network ?? this.#network;
    assertStdioAllowed(transport, network, site);
    let pending = this.#connections.get(transport);
    if (!pending) {
      const opening: Promise<Connection> = this.#open(transport, network, site, () => this.#forget(transport, opening));
      pending = opening;
      this.#connections.set(transport, opening);
      opening.catch(() => this.#forget(transport, opening));
    }
    return untilAborted(pending, options.signal, site);
  }

  async #open(component: ClientTransport, network: NetworkPolicy | undefined, site: ErrorSite, onclose: () => void): Promise<Connection> {
    const opened = await createClientTransport(component, network, site, this.#maxResultBytes);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    const timeoutMs = Math.max(readTimeoutMs(component) ?? 0, CONNECT_TIMEOUT_MS);
    try {
      await client.connect(opened.transport, { timeout: timeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      opened.dispose?.();
      throw toMcpError(error, { doing: `connecting to the MCP server ${opened.target}`, timeoutMs, stderr: opened.stderrTail?.() }, site);
    }
    const connection: Connection = { client, target: opened.target, ...(opened.dispose ? { dispose: opened.dispose } : {}), ...(opened.overflow ? { overflow: opened.overflow } : {}) };
    client.onclose = onclose;
    return connection;
  }

  /** Close `connection` and forget it, so that the next request opens another. */
  async #drop(transport: ClientTransport, connection: Connection): Promise<void> {
    const pending = this.#connections.get(transport);
    if (pending) this.#forget(transport, pending);
    await connection.client.close().catch(() => undefined);
    connection.dispose?.();
  }

  #forget(transport: ClientTransport, pending: Promise<Connection>): void {
    if (this.#connections.get(transport) === pending) this.#connections.delete(transport);
  }
}

/** `session_parameters.read_timeout_seconds` in milliseconds, if set. */
export function readTimeoutMs(transport: ClientTransport): number | undefined {
  const seconds = admitted(transport).session_parameters?.read_timeout_seconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : undefined;
}

function requestOptions(timeoutMs: number | undefined, signal: AbortSignal | undefined): { timeout?: number; signal?: AbortSignal } {
  return { ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}), ...(signal ? { signal } : {}) };
}

/** Wait for `promise`, or reject with AS_CANCELLED as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, site: ErrorSite): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new RuntimeError('AS_CANCELLED', 'the MCP call was cancelled', site));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Wait `ms` before the next attempt; AS_CANCELLED as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined, site: ErrorSite): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RuntimeError('AS_CANCELLED', 'the MCP call was cancelled', site));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new RuntimeError('AS_CANCELLED', 'the MCP call was cancelled', site));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
