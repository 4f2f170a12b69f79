import type { Snippet } from './snippet.js';

/**
 * An MCP tool call in an emitted module: the rules of `McpConnections.callTool`
 * of @agentspec/runtime (mcp/mcp-connections.ts) — the retries of
 * mcp-retry-delay.ts under the call's retry_policy and the error codes of
 * to-mcp-error.ts — over whichever MCP client the module's framework has: the
 * official SDK's `Client` (@modelcontextprotocol/sdk) or the MCP server classes
 * of the OpenAI Agents SDK (over @modelcontextprotocol/client). The value of
 * the result stays the emitter's (an error result is AS_TOOL_FAILED there).
 */
export const mcpRequest: Snippet<'codedError' | 'isTlsFailure' | 'pause' | 'specRetryPolicy'> = {
  declares: ['McpRequest', 'McpLink', 'mcpRequest', 'mcpFailure', 'mcpRetryDelay', 'mcpHttpStatus', 'mcpAnswered', 'mcpTimedOut', 'mcpNetworkFailure', 'mcpReason'],
  needs: ['codedError', 'isTlsFailure', 'pause', 'specRetryPolicy'],
  code: `/** An MCP tool call: what is called, where, and under which rules. */
interface McpRequest {
  readonly tool: string;
  /** The MCP server (its transport's name), for messages. */
  readonly server: string;
  /**
   * The retry_policy of the call (the MCPTool's — a toolbox's is its tools' — else its remote transport's, Agent Spec
   * 26.1.2 / 26.3.1): \`max_attempts\` retries of a failure to connect, a network error and an HTTP status it takes.
   * Without one nothing is retried.
   */
  readonly retryPolicy?: SpecRetryPolicy | undefined;
  /** Time allowed to the call until its answer (the retry_policy's request_timeout, else the transport's read_timeout_seconds). */
  readonly timeoutMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** The connection of an MCP server: opened (or the open one), and dropped so that the next attempt opens another. */
interface McpLink<C> {
  open(): Promise<C>;
  drop(connection: C): Promise<void>;
}

/**
 * Call an MCP tool: \`send\` makes the request on the connection \`link\` opens, with a signal that aborts on
 * cancellation and after \`timeoutMs\`. Under the retry_policy, a failure to connect, a network error and an HTTP
 * status the policy takes are retried; never a TLS or certificate failure, an error the server answered, nor a call
 * that may have run (a timeout, a connection closed while waiting). Errors: AS_MCP (no connection, an HTTP status, no
 * answer in time), AS_TOOL_FAILED (an error the server answered), AS_CANCELLED; a CodedError thrown by \`link\` or
 * \`send\` stays as it is (one of AS_MCP is retried as its cause).
 */
async function mcpRequest<C, T>(request: McpRequest, link: McpLink<C>, send: (connection: C, signal: AbortSignal) => Promise<T>): Promise<T> {
  const { retryPolicy: policy, signal, timeoutMs } = request;
  const doing = \`calling tool '\${request.tool}' on the MCP server '\${request.server}'\`;
  for (let attempt = 0; ; attempt++) {
    let connection: C | undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (signal?.aborted) throw new CodedError('AS_CANCELLED', \`cancelled while \${doing}\`);
      connection = await link.open();
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(\`no answer within \${timeoutMs} ms\`));
        }, timeoutMs);
      }
      return await send(connection, controller.signal);
    } catch (error) {
      const delay = policy && attempt < policy.max_attempts && !signal?.aborted && !timedOut ? mcpRetryDelay(error, policy, attempt, connection === undefined) : undefined;
      if (delay === undefined) {
        const what = connection === undefined ? \`connecting to the MCP server '\${request.server}'\` : doing;
        throw mcpFailure(error, \`\${what}\${attempt > 0 ? \` (\${attempt + 1} attempts)\` : ''}\`, { connecting: connection === undefined, signal, timeoutMs: timedOut ? timeoutMs : undefined });
      }
      // a connection that failed below HTTP is opened again for the next attempt
      if (connection !== undefined && mcpHttpStatus(error) === undefined) await link.drop(connection).catch(() => undefined);
      await pause(delay, signal, \`cancelled while \${doing}\`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

/**
 * The CodedError of a failed MCP request (\`toMcpError\` of @agentspec/runtime): AS_CANCELLED once \`signal\` aborted;
 * AS_MCP for no answer in time (\`timeoutMs\`: the call's own timeout fired); AS_TOOL_FAILED for an error the server
 * answered to a tool call; else AS_MCP with the reason (an HTTP status named). CodedErrors pass through.
 */
function mcpFailure(error: unknown, doing: string, context: { readonly connecting: boolean; readonly signal?: AbortSignal | undefined; readonly timeoutMs?: number | undefined }): CodedError {
  if (error instanceof CodedError) return error;
  if (context.signal?.aborted) return new CodedError('AS_CANCELLED', \`cancelled while \${doing}\`, { cause: error });
  if (context.timeoutMs !== undefined || mcpTimedOut(error)) {
    const within = context.timeoutMs !== undefined ? \` within \${context.timeoutMs / 1000} s\` : '';
    return new CodedError('AS_MCP', \`no answer\${within} while \${doing}\`, { cause: error });
  }
  if (!context.connecting && mcpAnswered(error)) return new CodedError('AS_TOOL_FAILED', \`\${doing} failed: \${(error as Error).message}\`, { cause: error });
  return new CodedError('AS_MCP', \`\${doing} failed: \${mcpReason(error)}\`, { cause: error });
}

/**
 * Milliseconds before retrying a failed MCP tool call under \`policy\` (\`mcpRetryDelay\` of @agentspec/runtime), or
 * undefined when the failure is final: an HTTP status is retried when the policy takes it; a failure to connect and a
 * network error are; a TLS failure, a CodedError (but AS_MCP, judged by its cause), an error the server answered, a
 * timeout and a closed connection are not.
 */
function mcpRetryDelay(error: unknown, policy: SpecRetryPolicy, attempt: number, connecting: boolean): number | undefined {
  let cause = error;
  if (error instanceof CodedError) {
    if (error.code !== 'AS_MCP') return undefined;
    cause = error.cause;
  }
  if (isTlsFailure(cause)) return undefined;
  const status = mcpHttpStatus(cause);
  if (status !== undefined) return specRetryable(policy, status, undefined) ? specRetryDelayMs(policy, attempt, status) : undefined;
  if (mcpAnswered(cause)) return undefined;
  return connecting || mcpNetworkFailure(cause) ? specRetryDelayMs(policy, attempt, undefined) : undefined;
}

/** The HTTP status a remote MCP server answered a failed request with, if it got one. */
function mcpHttpStatus(error: unknown): number | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (mcpAnswered(e)) return undefined;
    const { code, status } = e as { code?: unknown; status?: unknown };
    // SdkHttpError (@modelcontextprotocol/client) has the status; StreamableHTTPError and SseError (@modelcontextprotocol/sdk) carry it as their code
    if (typeof status === 'number' && status >= 100 && status <= 599) return status;
    if (typeof code === 'number' && code >= 100 && code <= 599 && /^(Streamable HTTP|SSE) error/.test(e.message)) return code;
    // "Error POSTing to endpoint (HTTP 503): …"
    const m = /\\(HTTP (\\d{3})\\)/.exec(e.message);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** A JSON-RPC error the server answered (McpError, ProtocolError), not a closed connection or a timeout. */
function mcpAnswered(error: unknown): boolean {
  const { name, code } = error as { name?: unknown; code?: unknown };
  return error instanceof Error && (name === 'McpError' || name === 'ProtocolError') && typeof code === 'number' && code !== -32000 && code !== -32001;
}

/** The MCP client's own request timeout (McpError -32001, SdkError REQUEST_TIMEOUT). */
function mcpTimedOut(error: unknown): boolean {
  const { code } = error as { code?: unknown };
  return error instanceof Error && (code === -32001 || code === 'REQUEST_TIMEOUT');
}

/** A failure of the network below HTTP: \`fetch failed\`, a refused or reset connection, a DNS failure. */
function mcpNetworkFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return true;
    if (e instanceof TypeError && /fetch failed/i.test(e.message)) return true;
  }
  return false;
}

/** The message of an MCP client error, its HTTP status and the code of its cause named. */
function mcpReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = mcpHttpStatus(error);
  if (status !== undefined && !error.message.includes(String(status))) return \`HTTP \${status}: \${error.message}\`;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  const detail = cause && cause.message !== error.message ? \` (\${typeof code === 'string' ? \`\${code} \` : ''}\${cause.message})\` : typeof code === 'string' ? \` (\${code})\` : '';
  return \`\${error.message || error.name}\${detail}\`;
}`,
};
