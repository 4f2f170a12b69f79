import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ToolResult } from '@agentspec/runtime';
import { ServerError } from './errors.js';
import { readJson } from './http/read-body.js';
import { sendJson } from './http/respond.js';
import type { SessionHost, TurnInput, TurnResult } from './session-host.js';

/**
 * The chat API for scripts (after the agent-utilities seed): `GET
 * /api/chats`, `POST /api/chats`, `GET|DELETE /api/chats/:id`, `POST
 * /api/chats/:id/messages`, `POST /api/approve`. Each POST runs one turn and
 * answers with what it did: the status, the messages the turn added, the
 * requests waiting for an answer, the session's usage.
 */
export async function chatApiRoute(req: IncomingMessage, res: ServerResponse, path: string, host: SessionHost, maxBytes: number): Promise<boolean> {
  const method = req.method ?? 'GET';
  if (path === '/api/chats') {
    if (method === 'GET') {
      const chats = await host.list();
      sendJson(res, 200, { chats: chats.map((c) => ({ id: c.id, runtime: c.runtime, status: c.status?.type ?? null, failed: c.failed ?? null, messages: c.messages.length, usage: c.usage, updatedAt: c.updatedAt })) });
      return true;
    }
    if (method === 'POST') {
      const body = await readJson(req, maxBytes);
      const id = optionalString(body.id, 'id') ?? randomUUID();
      if (await host.view(id)) throw new ServerError('AS_BAD_REQUEST', `a chat '${id}' exists already`, { hint: 'post its messages to /api/chats/<id>/messages' });
      sendJson(res, 201, turnJson(await host.turn({ threadId: id, ...firstTurn(body), ...messageOf(body) })));
      return true;
    }
    throw new ServerError('AS_METHOD_NOT_ALLOWED', `${method} ${path} is not a route (GET or POST)`);
  }
  if (path === '/api/approve') {
    if (method !== 'POST') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${method} ${path} is not a route (POST)`);
    const body = await readJson(req, maxBytes);
    const chatId = requiredString(body.chatId, 'chatId');
    const list = Array.isArray(body.decisions) ? body.decisions as Record<string, unknown>[] : [body];
    const decisions = list.map((d) => {
      const approved = d.approved === true || d.decision === 'approve';
      const reason = optionalString(d.reason, 'reason');
      return { id: requiredString(d.toolCallId, 'toolCallId'), decision: approved ? 'approve' as const : 'reject' as const, ...(reason ? { reason } : {}) };
    });
    await requireChat(host, chatId);
    sendJson(res, 200, turnJson(await host.turn({ threadId: chatId, decisions })));
    return true;
  }
  const m = /^\/api\/chats\/([^/]+)(\/messages)?$/.exec(path);
  if (!m) return false;
  const id = decodeURIComponent(m[1] as string);
  if (m[2]) {
    if (method !== 'POST') throw new ServerError('AS_METHOD_NOT_ALLOWED', `${method} ${path} is not a route (POST)`);
    const body = await readJson(req, maxBytes);
    const exists = await host.view(id);
    sendJson(res, exists ? 200 : 201, turnJson(await host.turn({ threadId: id, ...(exists ? {} : firstTurn(body)), ...messageOf(body) })));
    return true;
  }
  if (method === 'GET') {
    sendJson(res, 200, await requireChat(host, id));
    return true;
  }
  if (method === 'DELETE') {
    await requireChat(host, id);
    await host.delete(id);
    sendJson(res, 200, { deleted: id });
    return true;
  }
  throw new ServerError('AS_METHOD_NOT_ALLOWED', `${method} ${path} is not a route (GET or DELETE)`);
}

async function requireChat(host: SessionHost, id: string) {
  const view = await host.view(id);
  if (!view) throw new ServerError('AS_NOT_FOUND', `no chat '${id}'`);
  return view;
}

function firstTurn(body: Record<string, unknown>): Partial<TurnInput> {
  const runtime = optionalString(body.runtime, 'runtime');
  if (body.inputs !== undefined && (typeof body.inputs !== 'object' || body.inputs === null || Array.isArray(body.inputs))) throw new ServerError('AS_BAD_REQUEST', 'inputs must be a JSON object');
  return { ...(runtime ? { runtime } : {}), ...(body.inputs ? { inputs: body.inputs as Record<string, unknown> } : {}) };
}

function messageOf(body: Record<string, unknown>): Partial<TurnInput> {
  const content = optionalString(body.content, 'content');
  let toolResults: ToolResult[] | undefined;
  if (body.toolResults !== undefined) {
    if (!Array.isArray(body.toolResults)) throw new ServerError('AS_BAD_REQUEST', 'toolResults must be a list of { toolCallId, content }');
    toolResults = (body.toolResults as Record<string, unknown>[]).map((r) => ({ id: requiredString(r?.toolCallId, 'toolResults[].toolCallId'), content: r.content }));
  }
  return { ...(content !== undefined ? { userMessage: content } : {}), ...(toolResults ? { toolResults } : {}) };
}

/** A turn as the chat API answers it. */
export function turnJson(r: TurnResult): Record<string, unknown> {
  const s = r.status;
  return {
    id: r.threadId, runtime: r.runtime, status: s.type,
    ...(s.type === 'finished' ? { outputs: s.outputs, branch: s.branch ?? null } : {}),
    ...(s.type === 'tool_request' || s.type === 'tool_confirmation' ? { requests: s.requests } : {}),
    messages: s.messages.slice(r.before), usage: r.usage,
  };
}

function optionalString(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ServerError('AS_BAD_REQUEST', `${name} must be a string`);
  return v;
}

function requiredString(v: unknown, name: string): string {
  const s = optionalString(v, name);
  if (s === undefined || s === '') throw new ServerError('AS_BAD_REQUEST', `${name} is required`);
  return s;
}
