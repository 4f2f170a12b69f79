import { randomUUID } from 'node:crypto';
import { agent, methods, PROTOCOL_VERSION, RequestError, type AgentApp, type AgentContext, type ContentBlock, type SessionUpdate } from '@agentclientprotocol/sdk';
import type { RunStatus, RuntimeEvent } from '@agentspec/runtime';
import { errorBody } from '../errors.js';
import type { SessionHost, TurnInput } from '../session-host.js';
import { SERVER_VERSION } from '../version.js';

/** What a new ACP session may carry in `_meta` (ACP has no inputs of its own). */
interface NewSessionMeta {
  readonly inputs?: Record<string, unknown>;
  readonly runtime?: string;
}

/**
 * The served spec as an Agent Client Protocol agent (`@agentclientprotocol/sdk`):
 * an ACP session is a session of the store (`session/load` replays it); a
 * prompt is one or more turns — the user's text in, the reply streamed as
 * `agent_message_chunk`s, tool executions as `tool_call` / `tool_call_update`;
 * a tool confirmation becomes `session/request_permission` to the client (allow
 * or reject once), and the turn goes on with the answer. `session/cancel`
 * aborts the run (stop reason `cancelled`).
 */
export function acpAgent(host: SessionHost): AgentApp {
  const fresh = new Map<string, NewSessionMeta>();
  const running = new Map<string, AbortController>();
  return agent({ name: host.component.name })
    .onRequest(methods.agent.initialize, () => ({
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: { loadSession: true },
      agentInfo: { name: host.component.name, version: SERVER_VERSION },
      authMethods: [],
    }))
    .onRequest(methods.agent.session.new, ({ params }) => {
      const sessionId = `acp-${randomUUID()}`;
      const meta = (params._meta ?? {}) as NewSessionMeta;
      fresh.set(sessionId, meta);
      return { sessionId };
    })
    .onRequest(methods.agent.session.load, async ({ params, client }) => {
      const view = await host.view(params.sessionId);
      if (!view) throw RequestError.invalidParams({ sessionId: params.sessionId }, `no session '${params.sessionId}'`);
      for (const m of view.messages) {
        if (m.role !== 'user' && m.role !== 'assistant') continue;
        if (m.content === '') continue;
        await update(client, params.sessionId, { sessionUpdate: m.role === 'user' ? 'user_message_chunk' : 'agent_message_chunk', content: text(m.content) });
      }
      return {};
    })
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      running.get(params.sessionId)?.abort(Object.assign(new Error('the ACP client cancelled the prompt'), { code: 'AS_CANCELLED' }));
    })
    .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
      const sessionId = params.sessionId;
      const said = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join('');
      const controller = new AbortController();
      running.set(sessionId, controller);
      try {
        const meta = fresh.get(sessionId);
        let turn: TurnInput = meta
          ? { threadId: sessionId, inputs: meta.inputs ?? {}, ...(meta.runtime ? { runtime: meta.runtime } : {}), ...(said !== '' ? { userMessage: said } : {}) }
          : { threadId: sessionId, ...(said !== '' ? { userMessage: said } : {}) };
        for (;;) {
          const streamed: Streamed = { texts: [], open: false };
          const pending: Promise<void>[] = [];
          const onEvent = (e: RuntimeEvent) => void pending.push(forward(e, client, sessionId, streamed));
          const result = await host.turn({ ...turn, onEvent, signal: controller.signal });
          fresh.delete(sessionId);
          await Promise.all(pending);
          await sendRest(client, sessionId, result.status, result.before, streamed);
          if (result.status.type !== 'tool_confirmation') return { stopReason: 'end_turn' as const };
          const decisions: NonNullable<TurnInput['decisions']>[number][] = [];
          for (const r of result.status.requests) {
            const answer = await client.request(methods.client.session.requestPermission, {
              sessionId,
              toolCall: { toolCallId: r.id, title: `${r.name}(${JSON.stringify(r.args)})`, kind: 'other', status: 'pending', rawInput: r.args },
              options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'reject', name: 'Reject', kind: 'reject_once' }],
            });
            const allowed = answer.outcome.outcome === 'selected' && answer.outcome.optionId === 'allow';
            decisions.push({ id: r.id, decision: allowed ? 'approve' : 'reject' });
          }
          turn = { threadId: sessionId, decisions };
        }
      } catch (e) {
        if (controller.signal.aborted) return { stopReason: 'cancelled' as const };
        const { code, message } = errorBody(e);
        throw new RequestError(-32603, `${code}: ${message}`, { code });
      } finally {
        running.delete(sessionId);
      }
    });
}

/** The texts of a run's LLM answers streamed so far (so that the whole messages are not sent again). */
interface Streamed {
  readonly texts: string[];
  open: boolean;
}

const text = (value: string): ContentBlock => ({ type: 'text', text: value });

function update(client: AgentContext, sessionId: string, u: SessionUpdate): Promise<void> {
  return client.notify(methods.client.session.update, { sessionId, update: u });
}

/** A run's event as a session update: token deltas, tool calls and their results. */
async function forward(e: RuntimeEvent, client: AgentContext, sessionId: string, streamed: Streamed): Promise<void> {
  if (e.type === 'LlmGenerationStreamingChunkReceived' && typeof e.attributes.content === 'string' && e.attributes.content !== '') {
    if (!streamed.open) streamed.texts.push('');
    streamed.open = true;
    streamed.texts[streamed.texts.length - 1] += e.attributes.content;
    await update(client, sessionId, { sessionUpdate: 'agent_message_chunk', content: text(e.attributes.content) });
  } else if (e.type === 'LlmGenerationResponse') {
    streamed.open = false;
  } else if (e.type === 'ToolExecutionRequest') {
    await update(client, sessionId, { sessionUpdate: 'tool_call', toolCallId: e.spanId, title: e.name, kind: 'other', status: 'in_progress', rawInput: e.attributes.inputs });
  } else if (e.type === 'ToolExecutionResponse') {
    await update(client, sessionId, { sessionUpdate: 'tool_call_update', toolCallId: e.spanId, status: 'completed', rawOutput: e.attributes.outputs });
  }
}

/** The assistant messages of the run that were not streamed (flow messages, runtimes that do not stream), the outputs, a client tool request. */
async function sendRest(client: AgentContext, sessionId: string, s: RunStatus, before: number, streamed: Streamed): Promise<void> {
  for (const m of s.messages.slice(before)) {
    if (m.role !== 'assistant' || m.content === '') continue;
    const i = streamed.texts.indexOf(m.content);
    if (i >= 0) {
      streamed.texts.splice(i, 1);
      continue;
    }
    await update(client, sessionId, { sessionUpdate: 'agent_message_chunk', content: text(m.content) });
  }
  if (s.type === 'finished') await update(client, sessionId, { sessionUpdate: 'agent_message_chunk', content: text(`\n(finished: ${JSON.stringify(s.outputs)})`) });
  if (s.type === 'tool_request') {
    await update(client, sessionId, { sessionUpdate: 'agent_message_chunk', content: text(`\n(the agent called client tools an ACP client does not run: ${s.requests.map((r) => r.name).join(', ')})`) });
  }
}
