import { runRoot } from './root.js';
import type { Decision, Message, RunStatus, SavedSession, Session, ToolCall, ToolResult } from '../contract.js';
import { RuntimeError } from '../errors.js';
import type { RuntimeEvent } from '../events.js';
import { eventStream } from '../event-stream.js';
import { Execution, type Queues, type Services } from './execution.js';
import { Pause, type Journal, type JournalEntry } from './journal.js';
import { streaming } from './llm-call.js';

export const SAVE_FORMAT = 1;

/** A session of the reference interpreter: every run replays its journal, then goes on live. */
export class ReferenceSession implements Session {
  messages: readonly Message[] = [];
  private readonly journal: Journal;
  private readonly queues: Queues = { user: [], toolResults: new Map(), decisions: new Map() };
  private last: RunStatus | undefined;
  private running = false;

  constructor(
    private readonly services: Services,
    private readonly inputs: Readonly<Record<string, unknown>>,
    saved?: SavedReference,
  ) {
    this.journal = new Map(saved?.journal ?? []);
    if (saved) {
      this.queues.user.push(...saved.queues.user);
      for (const [k, v] of saved.queues.toolResults) this.queues.toolResults.set(k, v);
      for (const [k, v] of saved.queues.decisions) this.queues.decisions.set(k, v);
      this.last = saved.status;
      this.messages = saved.status?.messages ?? [];
    }
  }

  appendUserMessage(text: string): void {
    if (typeof text !== 'string') throw new RuntimeError('AS_INVALID_STATE', 'a user message must be a string');
    this.queues.user.push(text);
  }

  appendToolResults(results: readonly ToolResult[]): void {
    const pending = this.pending('tool_request');
    for (const r of results) {
      if (!pending.some((p) => p.id === r.id)) throw new RuntimeError('AS_INVALID_STATE', `no tool request with id '${r.id}' is waiting (waiting: ${pending.map((p) => p.id).join(', ')})`);
      this.queues.toolResults.set(r.id, r.content);
    }
  }

  decide(id: string, decision: Decision, reason?: string): void {
    const pending = this.pending('tool_confirmation');
    if (!pending.some((p) => p.id === id)) throw new RuntimeError('AS_INVALID_STATE', `no tool call with id '${id}' waits for a decision`);
    if (decision !== 'approve' && decision !== 'reject') throw new RuntimeError('AS_INVALID_STATE', `a decision is 'approve' or 'reject', not '${String(decision)}'`);
    this.queues.decisions.set(id, reason === undefined ? { decision } : { decision, reason });
  }

  private pending(type: 'tool_request' | 'tool_confirmation'): readonly ToolCall[] {
    if (this.last?.type !== type) throw new RuntimeError('AS_INVALID_STATE', `the session is not waiting for ${type === 'tool_request' ? 'tool results' : 'decisions'} (status: ${this.last?.type ?? 'not started'})`);
    return this.last.requests;
  }

  run(): Promise<RunStatus> {
    return this.execute(undefined);
  }

  stream(): AsyncIterable<RuntimeEvent> {
    return eventStream((emit) => this.execute(emit));
  }

  private async execute(emit: ((e: RuntimeEvent) => void) | undefined): Promise<RunStatus> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'the session is already running');
    if (this.last?.type === 'finished') throw new RuntimeError('AS_INVALID_STATE', 'the session has finished; start a new one');
    this.running = true;
    const exec = new Execution(this.services, this.journal, this.queues, emit);
    if (emit) streaming.add(exec);
    try {
      const result = await runRoot(exec, this.inputs);
      this.last = { type: 'finished', outputs: result.outputs, ...(result.branch ? { branch: result.branch } : {}), messages: [...exec.messages] };
    } catch (e) {
      if (!(e instanceof Pause)) throw e;
      this.last = { ...e.status, messages: [...exec.messages] } as RunStatus;
    } finally {
      this.running = false;
      this.messages = [...exec.messages];
    }
    return this.last;
  }

  async save(): Promise<SavedSession> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'cannot save while running');
    const saved: SavedReference = {
      runtime: 'reference',
      format: SAVE_FORMAT,
      component: this.services.root.id,
      inputs: structuredClone(this.inputs) as Record<string, unknown>,
      journal: [...this.journal.entries()],
      queues: { user: [...this.queues.user], toolResults: [...this.queues.toolResults.entries()], decisions: [...this.queues.decisions.entries()] },
      ...(this.last ? { status: this.last } : {}),
    };
    return JSON.parse(JSON.stringify(saved)) as SavedSession;
  }
}

/** The JSON a reference session saves. */
export interface SavedReference extends SavedSession {
  readonly runtime: 'reference';
  readonly component: string;
  readonly inputs: Record<string, unknown>;
  readonly journal: readonly [string, JournalEntry][];
  readonly queues: {
    readonly user: readonly string[];
    readonly toolResults: readonly [string, unknown][];
    readonly decisions: readonly [string, { decision: 'approve' | 'reject'; reason?: string }][];
  };
  readonly status?: RunStatus;
}
