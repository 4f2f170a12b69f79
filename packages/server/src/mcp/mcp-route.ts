import type { Property } from '@agentspec/core';
import { parametersSchema, type RunStatus } from '@agentspec/runtime';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import type { Route } from '../agent-server.js';
import { errorBody, ServerError } from '../errors.js';
import { readJson } from '../http/read-body.js';
import type { SessionHost } from '../session-host.js';
import { SERVER_VERSION } from '../version.js';

/** Arguments every served tool takes besides the spec's inputs. */
const CONTROL = {
  message: { type: 'string', description: 'What the user says (an agent\'s next message, or the answer to an InputMessageNode).' },
  session: { type: 'string', description: 'Continue this session (returned by an earlier call) instead of starting one.' },
  approved: { type: 'boolean', description: 'The answer to the tool confirmations the session waits for.' },
  runtime: { type: 'string', description: 'The runtime a new session runs on.' },
} as const;

/**
 * MCP over Streamable HTTP at `/mcp` (stateless: one MCP server per
 * request): the served agent or flow is one tool named after it, whose
 * input schema is the spec's inputs (plus `message`, `session`, `approved`,
 * `runtime`) and whose structured result is the outputs (plus `status`,
 * `session` and the `reply`). A call that ends waiting for the user returns
 * the session to continue in the next call.
 */
export function mcpRoute(host: SessionHost, maxBytes: number): Route {
  const tool = specTool(host);
  return async (req, res, url) => {
    if (url.pathname !== '/mcp') return false;
    if (req.method !== 'POST') {
      // stateless: no stream to resume (GET) and no session to end (DELETE)
      res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless (POST only)' }, id: null }));
      return true;
    }
    const body = await readJson(req, maxBytes);
    const server = new Server({ name: host.component.name, version: SERVER_VERSION }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [tool] }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      if (request.params.name !== tool.name) throw new ServerError('AS_NOT_FOUND', `no tool '${request.params.name}' (this server has ${tool.name})`);
      return callSpec(host, request.params.arguments ?? {});
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    return true;
  };
}

function specTool(host: SessionHost): Tool {
  const c = host.component as { name: string; description?: string | null; component_type: string; inputs?: readonly Property[]; outputs?: readonly Property[] };
  const inputs = parametersSchema(c.inputs ?? []) as { properties: Record<string, unknown>; required: string[] };
  const outputs = parametersSchema(c.outputs ?? []) as { properties: Record<string, unknown> };
  return {
    name: toolName(c.name),
    description: `${c.description ?? `The ${c.component_type} ${c.name}.`} Runs on ${host.runtimeNames.join(', ')}; a call that ends waiting for the user returns its session, to continue with \`session\`.`,
    inputSchema: { type: 'object', properties: { ...inputs.properties, ...CONTROL } },
    outputSchema: {
      type: 'object',
      properties: {
        ...outputs.properties,
        status: { type: 'string', enum: ['finished', 'user_input', 'tool_request', 'tool_confirmation'] },
        session: { type: 'string' },
        reply: { type: 'string' },
        requests: { type: 'array' },
      },
      required: ['status', 'session'],
    },
  };
}

async function callSpec(host: SessionHost, args: Record<string, unknown>): Promise<CallToolResult> {
  const { message, session, approved, runtime, ...inputs } = args;
  const threadId = typeof session === 'string' && session !== '' ? session : `mcp-${randomUUID()}`;
  try {
    const view = session ? await host.view(threadId) : undefined;
    if (session && !view) throw new ServerError('AS_NOT_FOUND', `no session '${threadId}'`);
    const pending = view?.status?.type === 'tool_confirmation' ? view.status.requests : [];
    const result = await host.turn({
      threadId,
      ...(view ? {} : { inputs, ...(typeof runtime === 'string' ? { runtime } : {}) }),
      ...(typeof message === 'string' && message !== '' ? { userMessage: message } : {}),
      ...(typeof approved === 'boolean' && pending.length > 0 ? { decisions: pending.map((r) => ({ id: r.id, decision: approved ? 'approve' as const : 'reject' as const })) } : {}),
    });
    const s: RunStatus = result.status;
    const reply = s.messages.slice(result.before).filter((m) => m.role === 'assistant' && m.content !== '').map((m) => m.content).join('\n\n');
    const structured = {
      ...(s.type === 'finished' ? s.outputs : {}), status: s.type, session: threadId, ...(reply !== '' ? { reply } : {}),
      ...(s.type === 'tool_request' || s.type === 'tool_confirmation' ? { requests: s.requests } : {}),
    };
    const text = s.type === 'finished' ? JSON.stringify(s.outputs) : reply !== '' ? reply : `waiting for ${s.type.replace('_', ' ')}`;
    return { content: [{ type: 'text', text }], structuredContent: structured };
  } catch (e) {
    const { code, message: why } = errorBody(e);
    return { content: [{ type: 'text', text: `${code}: ${why}` }], isError: true };
  }
}

/** A name MCP clients take: letters, digits, `_` and `-`. */
function toolName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'agent';
}
