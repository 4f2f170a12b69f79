import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BaseEvent, Message as AgUiMessage, ResumeEntry, RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import type { RunStatus, ToolResult } from '@agentspec/runtime';
import { errorBody, ServerError } from '../errors.js';
import { frontendTools } from '../frontend-tools.js';
import { readJson } from '../http/read-body.js';
import { startSse } from '../http/sse.js';
import type { SessionHost, TurnInput } from '../session-host.js';
import { AgUiTranslator, userInputInterruptId } from './ag-ui-events.js';

/**
 * `POST /ag-ui`: one AG-UI run (RunAgentInput in, events out as SSE, or
 * protobuf when the client accepts it). The thread is the session: its
 * first run starts it (inputs from `forwardedProps.inputs`, else the
 * `state`; the runtime from `forwardedProps.runtime`; the client's tools
 * become ClientTools), later runs resume it from the store and give it what
 * it waits for — the new user message, the results of the client's tool
 * calls (tool messages), or the answers to its interrupts (`resume`).
 */
export async function agUiRoute(req: IncomingMessage, res: ServerResponse, host: SessionHost, maxBytes: number): Promise<void> {
  const body = await readJson(req, maxBytes);
  const parsed = RunAgentInputSchema.safeParse(body);
  if (!parsed.success) throw new ServerError('AS_BAD_REQUEST', `not an AG-UI RunAgentInput: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  const input = parsed.data as RunAgentInput;
  const encoder = new EventEncoder({ accept: req.headers.accept ?? '' });
  const send = (e: BaseEvent) => void res.write(encoder.encodeBinary({ timestamp: Date.now(), ...e } as BaseEvent));
  const isFlow = host.component.component_type === 'Flow';
  const translator = new AgUiTranslator(send, isFlow);
  const turn = await turnOf(input, host);
  startSse(res, encoder.getContentType());
  send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId } as BaseEvent);
  try {
    const result = await host.turn({ ...turn, onEvent: (e) => translator.event(e) });
    translator.finish(result.status, result.before, input.threadId, input.runId);
  } catch (e) {
    const { code, message } = errorBody(e);
    translator.error(code, message);
  }
  res.end();
}

/** What a run gives its session: read from the input against what the session waits for. */
async function turnOf(input: RunAgentInput, host: SessionHost): Promise<TurnInput> {
  const forwarded = (typeof input.forwardedProps === 'object' && input.forwardedProps !== null ? input.forwardedProps : {}) as Record<string, unknown>;
  const view = await host.view(input.threadId);
  const base: { threadId: string; runtime?: string } = { threadId: input.threadId, ...(typeof forwarded.runtime === 'string' ? { runtime: forwarded.runtime } : {}) };
  const last = lastUserMessage(input.messages);
  if (!view) {
    const inputs = objectOr(forwarded.inputs) ?? (host.component.component_type === 'Flow' ? objectOr(input.state) : undefined) ?? {};
    return { ...base, inputs, clientTools: frontendTools(input.tools), ...(last ? { userMessage: last } : {}) };
  }
  const status: RunStatus | undefined = view.status;
  if (status?.type === 'tool_request') {
    const ids = new Set(status.requests.map((r) => r.id));
    const toolResults: ToolResult[] = input.messages
      .filter((m): m is Extract<AgUiMessage, { role: 'tool' }> => m.role === 'tool' && ids.has((m as { toolCallId?: string }).toolCallId ?? ''))
      .map((m) => ({ id: m.toolCallId, content: parseMaybeJson(textOf(m.content)) }));
    return { ...base, toolResults };
  }
  if (status?.type === 'tool_confirmation') {
    const entries = new Map((input.resume ?? []).map((r) => [r.interruptId, r]));
    const decisions = status.requests.filter((r) => entries.has(r.id)).map((r) => decisionOf(r.id, entries.get(r.id) as ResumeEntry));
    return { ...base, decisions };
  }
  if (status?.type === 'user_input') {
    const answer = (input.resume ?? []).find((r) => r.interruptId === userInputInterruptId(status.messages));
    if (answer) {
      if (answer.status === 'cancelled') throw new ServerError('AS_BAD_REQUEST', 'the session waits for the user\'s input; a cancelled answer gives it none');
      return { ...base, userMessage: answerText(answer.payload) };
    }
    const trailing = trailingUserMessage(input.messages, status.messages);
    return { ...base, ...(trailing !== undefined ? { userMessage: trailing } : {}) };
  }
  // a failed run (retried as it was) or a finished session (refused by the session)
  return { ...base };
}

function decisionOf(id: string, entry: ResumeEntry): { id: string; decision: 'approve' | 'reject'; reason?: string } {
  const payload = (typeof entry.payload === 'object' && entry.payload !== null ? entry.payload : {}) as { approved?: unknown; reason?: unknown };
  const approved = entry.status === 'resolved' && (entry.payload === true || payload.approved === true);
  const reason = typeof payload.reason === 'string' && payload.reason !== '' ? payload.reason : undefined;
  return { id, decision: approved ? 'approve' : 'reject', ...(!approved && reason ? { reason } : {}) };
}

function answerText(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  const p = payload as { text?: unknown; answer?: unknown } | null;
  if (typeof p?.text === 'string') return p.text;
  if (typeof p?.answer === 'string') return p.answer;
  return JSON.stringify(payload ?? '');
}

/** The text of the last message when it is a user message (what a first run of a chat says). */
function lastUserMessage(messages: readonly AgUiMessage[]): string | undefined {
  const last = messages.at(-1);
  return last?.role === 'user' ? textOf(last.content) : undefined;
}

/** The user's new message: the client's last message, when it is a user message the session has not had yet. */
function trailingUserMessage(messages: readonly AgUiMessage[], session: readonly { role: string; content: string }[]): string | undefined {
  const text = lastUserMessage(messages);
  if (text === undefined) return undefined;
  const clientUsers = messages.filter((m) => m.role === 'user').length;
  const sessionUsers = session.filter((m) => m.role === 'user').length;
  return clientUsers > sessionUsers ? text : undefined;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'object' && p !== null && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '')).join('');
  return content === undefined || content === null ? '' : JSON.stringify(content);
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function objectOr(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Record<string, unknown> : undefined;
}
