import { resolveInputs, RuntimeError, type Message, type RunStatus, type SavedSession } from '@agentspec/runtime';
import type { AgentPending } from '../agent/agent-pending.js';
import type { CompiledAgent } from '../agent/compile-agent.js';
import { runAgent, type AgentRunOutcome } from '../agent/run-agent.js';
import { MASTRA_RUNTIME_NAME, SAVE_FORMAT } from '../constants.js';
import { inSpan, type EventSink } from '../events.js';
import { BaseSession, type SavedBase } from './base-session.js';

export interface SavedAgentSession extends SavedBase {
  readonly kind: 'agent';
  /** The conversation without a stopped turn's assistant message. */
  readonly conversation: readonly Message[];
  readonly pending?: AgentPending;
  readonly started: boolean;
  /** The last run failed on an LLM answer that was refused (an invalid tool call): messages given since join before the LLM is asked again. */
  readonly refused?: boolean;
}

/**
 * A session of a standalone Agent on its compiled Mastra Agent: each run
 * calls `generate` on the whole conversation (or resumes the Mastra run that
 * stopped for a client tool or a confirmation, from Mastra's storage).
 */
export class AgentSession extends BaseSession {
  private conversation: Message[];
  private pending: AgentPending | undefined;
  private started: boolean;
  private refused: boolean;

  constructor(private readonly compiled: CompiledAgent, private readonly inputs: Readonly<Record<string, unknown>>, private readonly signal: AbortSignal | undefined, saved?: SavedAgentSession) {
    super(saved);
    this.conversation = [...(saved?.conversation ?? [])];
    this.pending = saved?.pending;
    this.started = saved?.started ?? false;
    this.refused = saved?.refused === true;
  }

  protected async advance(events: EventSink | undefined): Promise<RunStatus> {
    const last = this.last;
    if (!this.started || last?.type === 'user_input' || this.refused) {
      const incoming = this.queues.takeUser();
      if (this.started && !this.refused && incoming.length === 0 && last) return last;
      for (const text of incoming) this.conversation.push({ role: 'user', content: text });
      this.started = true;
      this.refused = false;
    }
    const { spec } = this.compiled;
    const inputs = resolveInputs(spec.inputs, this.inputs, { agent: spec.id });
    const outcome = await inSpan(events, 'AgentExecutionStart', 'AgentExecutionEnd', spec.name, { agent: spec.id, inputs }, () => runAgent(this.compiled, {
      messages: this.conversation, inputs, answers: this.queues, inFlow: false,
      onFailure: (committed, error) => {
        if (!this.pending) this.conversation = [...committed];
        this.refused = RuntimeError.isInstance(error) && (error as RuntimeError).code === 'AS_TOOL_CALL_INVALID';
      },
      ...(this.pending ? { pending: this.pending } : {}), ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}),
    }), (o: AgentRunOutcome) => ({ status: o.type }));
    this.queues.consume(outcome.consumed);
    switch (outcome.type) {
      case 'finished':
        this.conversation = outcome.messages;
        this.pending = undefined;
        return { type: 'finished', outputs: outcome.outputs, messages: outcome.messages };
      case 'user_input':
        this.conversation = outcome.messages;
        this.pending = undefined;
        return { type: 'user_input', messages: outcome.messages };
      default:
        this.conversation = outcome.committed;
        this.pending = outcome.pending;
        return { type: outcome.type, requests: outcome.requests, messages: outcome.messages };
    }
  }

  async save(): Promise<SavedSession> {
    this.assertIdle();
    const saved: SavedAgentSession = {
      runtime: MASTRA_RUNTIME_NAME, format: SAVE_FORMAT, kind: 'agent', component: this.compiled.spec.id,
      inputs: { ...this.inputs }, queues: this.queues.save(), conversation: this.conversation, started: this.started,
      ...(this.refused ? { refused: true } : {}),
      ...(this.pending ? { pending: this.pending } : {}), ...(this.last ? { status: this.last } : {}),
    };
    return JSON.parse(JSON.stringify(saved)) as SavedSession;
  }
}

export function assertAgentSave(saved: SavedSession, id: string): SavedAgentSession {
  const s = saved as SavedAgentSession;
  if (s.kind !== 'agent' || s.component !== id) throw new RuntimeError('AS_RESUME_MISMATCH', `this save is of ${String(s.kind)} '${String(s.component)}', not agent '${id}'`);
  return s;
}
