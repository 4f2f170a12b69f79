import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { httpStatusOf } from './mcp-retry-delay.js';

/** What was being done when an MCP error happened, for the message. */
export interface McpErrorContext {
  /** `connecting to <target>` or `calling tool 'x' on <target>`. */
  readonly doing: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** The last stderr output of a stdio server. */
  readonly stderr?: string;
}

/**
 * Turn an error of the MCP SDK into a RuntimeError: an aborted signal →
 * AS_CANCELLED; a JSON-RPC error answered by the server to a tool call →
 * AS_TOOL_FAILED; anything else (no connection, closed connection, timeout)
 * → AS_MCP. RuntimeErrors pass through.
 */
export function toMcpError(error: unknown, context: McpErrorContext, site: ErrorSite): RuntimeError {
  if (error instanceof RuntimeError) return error;
  if (context.signal?.aborted) return new RuntimeError('AS_CANCELLED', `cancelled while ${context.doing}`, site, { cause: error });
  const stderr = context.stderr ? ` — server stderr: ${context.stderr.slice(-500)}` : '';
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      const after = context.timeoutMs !== undefined ? ` within ${context.timeoutMs / 1000} s` : '';
      return new RuntimeError('AS_MCP', `no answer${after} while ${context.doing}`, site, {
        cause: error,
        hint: 'raise session_parameters.read_timeout_seconds of the transport',
      });
    }
    if (error.code !== ErrorCode.ConnectionClosed && context.doing.startsWith('calling')) {
      return new RuntimeError('AS_TOOL_FAILED', `${context.doing} failed: ${error.message}`, site, { cause: error });
    }
  }
  return new RuntimeError('AS_MCP', `${context.doing} failed: ${reason(error)}${stderr}`, site, { cause: error });
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // the SDK's HTTP errors carry the status apart from their text
  const status = httpStatusOf(error);
  if (status !== undefined && !error.message.includes(String(status))) return `HTTP ${status}: ${error.message}`;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  const detail = cause && cause.message !== error.message ? ` (${typeof code === 'string' ? `${code} ` : ''}${cause.message})` : typeof code === 'string' ? ` (${code})` : '';
  return `${error.message || error.name}${detail}`;
}
