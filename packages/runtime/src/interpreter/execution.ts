import type { Inbox } from '../session/inbox.js';
import type { Component } from '@agentspec/core';
import type { HttpLimits, Message, NetworkPolicy, ToolCall, ToolRegistry } from '../contract.js';
import { RuntimeError } from '../errors.js';
import type { RuntimeEvent, TraceEventType } from '../events.js';
import type { LlmBackend } from '../llm/backend.js';
import { Pause, type Journal, type JournalEntry } from './journal.js';
import { traceTime } from '../trace/trace-clock.js';
import type { ToolRunner } from './tool-runner.js';
import type { AgentTransforms } from '../transforms/agent-transforms.js';
import type { A2aConnections } from '../a2a/a2a-connections.js';

export interface Limits {
  readonly maxSteps: number;
  readonly maxAgentSteps: number;
  readonly mapConcurrency: number;
  /** ParallelMapNode iterations and ParallelFlowNode subflows run at once at most. */
  readonly parallelism: number;
  /** Handoffs in a row without an answer to the user, and agents asked inside one another (Swarm), at most. */
  readonly maxHandoffs: number;
  readonly http: HttpLimits;
}

/** Everything a run needs that does not change between runs of a session. */
export interface Services {
  readonly root: Component;
  readonly tools: ToolRegistry;
  readonly backend: LlmBackend;
  readonly limits: Limits;
  readonly network: NetworkPolicy;
  readonly signal?: AbortSignal;
  readonly toolRunner: ToolRunner;
  /** The agents' message transforms, their datastores open. */
  readonly transforms: AgentTransforms;
  /** The A2A client of each A2AAgent. */
  readonly a2a: A2aConnections;
}

/** What the caller has given the session and no run has consumed yet (the kernel's inbox). */
export type Queues = Pick<Inbox, 'user' | 'toolResults' | 'decisions'>;

/** One `run()` of a session: replays the journal, then goes live. */
export class Execution {
  readonly messages: Message[] = [];
  live = false;
  steps = 0;

  constructor(
    readonly services: Services,
    readonly journal: Journal,
    readonly queues: Queues,
    private readonly emit: ((e: RuntimeEvent) => void) | undefined,
    /** The session's span ids (`EngineRun.spans`): the span at a position has the same id in every run of the session. */
    readonly spanIds: (key: string) => string,
    /** The session's conversation id (EngineRun.conversationId). */
    readonly conversationId = '',
  ) {}

  scope(): Scope {
    return new Scope(this, '', undefined);
  }

  addMessage(message: Message, spanId?: string): void {
    this.messages.push(message);
    this.event('ConversationMessageAdded', spanId ?? 'run', message.sender ?? message.role, { message });
  }

  /**
   * Emit a trace event — only once the run is live: replayed steps are not
   * re-announced. A span a run replays into (started before the point where
   * the previous run paused or failed) was announced by an earlier run of the
   * session under the same id, so what happens in it live — children, its
   * end — names that span.
   */
  /** Whether anyone follows the run's events (`stream()`): a `run()` builds no event, nor the span ids they name. */
  get emitting(): boolean {
    return this.emit !== undefined;
  }

  event(type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string): void {
    if (!this.emit || !this.live) return;
    this.emit({ type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: traceTime(), name, attributes });
  }

  checkCancelled(): void {
    if (this.services.signal?.aborted) throw new RuntimeError('AS_CANCELLED', 'the run was cancelled');
  }
}

/** A position in the execution tree: gives stable journal keys and the current span. */
export class Scope {
  private counter = 0;
  private id: string | undefined;

  constructor(
    readonly exec: Execution,
    readonly prefix: string,
    spanId: string | undefined,
    /** The position of the span this scope is in, when its id is not derived yet (derived on first use: a `run()` nobody follows names no span). */
    private readonly spanAt?: string,
  ) {
    this.id = spanId;
  }

  /** The id of the span this scope is in (none at the top of a run). */
  get spanId(): string | undefined {
    if (this.id === undefined && this.spanAt !== undefined) this.id = this.exec.spanIds(this.spanAt);
    return this.id;
  }

  child(name: string, spanId?: string): Scope {
    const prefix = `${this.prefix}/${name}#${this.counter++}`;
    return spanId !== undefined ? new Scope(this.exec, prefix, spanId) : new Scope(this.exec, prefix, this.id, this.spanAt);
  }

  key(kind: string): string {
    return `${this.prefix}/${kind}#${this.counter++}`;
  }

  /** Run `fn` inside a span: Start/End trace events around it (End also on error), when anyone follows the run's events. */
  span<T>(start: TraceEventType, end: TraceEventType, name: string, attrs: Record<string, unknown>, fn: (s: Scope) => Promise<T>, endAttrs?: (r: T) => Record<string, unknown>): Promise<T> {
    const prefix = `${this.prefix}/${name}#${this.counter++}`;
    if (!this.exec.emitting) {
      try {
        return fn(new Scope(this.exec, prefix, undefined, prefix));
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    return this.traced(prefix, start, end, name, attrs, fn, endAttrs);
  }

  private async traced<T>(prefix: string, start: TraceEventType, end: TraceEventType, name: string, attrs: Record<string, unknown>, fn: (s: Scope) => Promise<T>, endAttrs?: (r: T) => Record<string, unknown>): Promise<T> {
    const spanId = this.exec.spanIds(prefix);
    const inner = new Scope(this.exec, prefix, spanId);
    this.exec.event(start, spanId, name, attrs, this.spanId);
    try {
      const r = await fn(inner);
      this.exec.event(end, spanId, name, endAttrs ? endAttrs(r) : {}, this.spanId);
      return r;
    } catch (e) {
      if (!(e instanceof Pause)) this.exec.event('ExceptionRaised', spanId, name, { code: (e as { code?: string }).code, message: (e as Error).message });
      throw e;
    }
  }

  /** An answer from the outside world: recorded on first use, replayed after. */
  async effect<E extends JournalEntry>(kind: E['kind'], fn: () => Promise<E>): Promise<E> {
    const key = this.key(kind);
    const recorded = this.exec.journal.get(key);
    if (recorded) {
      if (recorded.kind !== kind) throw new RuntimeError('AS_RESUME_MISMATCH', `the saved session expected a ${recorded.kind} at ${key}, the spec asks for a ${kind}`);
      return recorded as E;
    }
    this.exec.checkCancelled();
    this.exec.live = true;
    const entry = await fn();
    this.exec.journal.set(key, entry);
    return entry;
  }

  /** User messages given since the last intake (all of them); `wait` pauses when there are none. */
  intake(wait: boolean): readonly string[] {
    const key = this.key('intake');
    const recorded = this.exec.journal.get(key);
    if (recorded?.kind === 'intake') return recorded.messages;
    const q = this.exec.queues.user;
    this.exec.live = true;
    if (q.length === 0 && wait) throw new Pause({ type: 'user_input' });
    // an intake that takes nothing is recorded too, so later messages are not replayed into it
    const messages = q.splice(0, q.length);
    this.exec.journal.set(key, { kind: 'intake', messages });
    return messages;
  }

  /** Results of client tool calls; pauses with `tool_request` until every one is given. */
  toolResults(requests: readonly ToolCall[]): Readonly<Record<string, unknown>> {
    const key = this.key('tool_results');
    const recorded = this.exec.journal.get(key);
    if (recorded?.kind === 'tool_results') return recorded.results;
    const q = this.exec.queues.toolResults;
    this.exec.live = true;
    if (!requests.every((r) => q.has(r.id))) throw new Pause({ type: 'tool_request', requests: requests.map((r) => ({ ...r, args: { ...r.args } })) });
    const results: Record<string, unknown> = {};
    for (const r of requests) {
      results[r.id] = q.get(r.id);
      q.delete(r.id);
    }
    this.exec.journal.set(key, { kind: 'tool_results', results });
    return results;
  }

  /** Decisions on tool calls that need confirmation; pauses with `tool_confirmation` until every one is given. */
  decisions(requests: readonly ToolCall[]): Readonly<Record<string, { decision: 'approve' | 'reject'; reason?: string }>> {
    const key = this.key('decisions');
    const recorded = this.exec.journal.get(key);
    if (recorded?.kind === 'decisions') return recorded.decisions;
    const q = this.exec.queues.decisions;
    this.exec.live = true;
    if (!requests.every((r) => q.has(r.id))) throw new Pause({ type: 'tool_confirmation', requests: requests.map((r) => ({ ...r, args: { ...r.args } })) });
    const decisions: Record<string, { decision: 'approve' | 'reject'; reason?: string }> = {};
    for (const r of requests) {
      decisions[r.id] = q.get(r.id) as { decision: 'approve' | 'reject'; reason?: string };
      q.delete(r.id);
    }
    this.exec.journal.set(key, { kind: 'decisions', decisions });
    return decisions;
  }
}
