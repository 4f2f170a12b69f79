import { randomUUID } from 'node:crypto';
import type { Component } from '@agentspec/core';
import type { Decision, Message, RunStatus, SavedSession, Session, ToolResult } from '../contract.js';
import { RuntimeError } from '../errors.js';
import { eventStream } from '../event-stream.js';
import type { RuntimeEvent } from '../events.js';
import { crashPoint } from './crash-points.js';
import { componentHash, SESSION_FORMAT, type SessionEnvelope } from './envelope.js';
import type { FinishedRetention } from './finished-retention.js';
import { Inbox } from './inbox.js';
import { Ledger, withLedger } from './ledger.js';
import { RunSpans } from '../trace/run-spans.js';
import { withSpecAttributes } from '../trace/spec-attributes.js';
import { newSpanSeed, sessionSpanIds } from '../trace/session-span-ids.js';

/** The error code a resumed checkpoint reports for a run whose process died. */
export const CRASHED = 'AS_CRASHED';

/** What one run gives a runtime's engine. */
export interface EngineRun {
  /** What the caller has given: user messages, tool results, decisions (each checked against `last`). */
  readonly inbox: Inbox;
  /** The status the previous run ended with (undefined before the first). */
  readonly last: RunStatus | undefined;
  /** The code of the error the previous run failed with — {@link CRASHED} when its process died —, else undefined. */
  readonly failed: string | undefined;
  readonly emit: ((e: RuntimeEvent) => void) | undefined;
  /** The session's conversation id: the same in every run, after save and resume too (keys of the transforms' caches). */
  readonly conversationId: string;
  /** How the engine emits its spans: ids from the session's seed, the same in every run of the session (nothing is emitted without `emit`). */
  readonly spans: RunSpans;
  /** The session's exactly-once ledger: what an engine that {@link SessionEngine.bindsLedger} gives its LLM requests and tool calls. */
  readonly ledger: Ledger;
}

/**
 * What a runtime writes for its sessions (DESIGN §2.1): how to go on from
 * what the caller gave, and its own state as JSON. Everything else — the
 * status machine, the inbox and its checks, the run guard, the save envelope,
 * the exactly-once ledger, checkpoints — is the kernel's.
 */
export interface SessionEngine {
  /** The conversation so far. */
  readonly messages: readonly Message[];
  /** Run until finished or until the caller must act; reject with a RuntimeError on failure. */
  advance(run: EngineRun): Promise<RunStatus>;
  /** The engine's state as JSON (what it is built from again on resume). */
  state(): unknown;
  /** The session finished and its app's retention let it go: drop what the framework keeps of it in its store. */
  release?(): Promise<void>;
  /**
   * True when the engine gives the run's ledger to everything of the run that records there: its LLM requests are
   * made with an abort signal it has bound the ledger to (`bindLedger`), its tool calls get it (`ToolRunner.run`).
   * The run then goes without the async context of `withLedger`. Default: it has it.
   */
  bindsLedger?(): boolean;
}

/** Where a session writes its checkpoints: at the start of each run, after each ledger record, at the end. */
export interface SessionCheckpoints {
  write(saved: SessionEnvelope): Promise<void>;
}

/** What `App.start()` / `App.resume()` may add on every runtime. */
export interface SessionOptions {
  /** Write the session here as it runs, so that another process resumes it after a crash with every effect once. */
  readonly checkpoints?: SessionCheckpoints;
}

export interface SessionMeta {
  readonly runtime: string;
  readonly kind: 'agent' | 'flow';
  readonly component: Component;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** The app's finished sessions kept in its framework's store: told when this one finishes. */
  readonly retention?: FinishedRetention;
}

/** The one implementation of the Session contract (DESIGN §4.1), around a runtime's {@link SessionEngine}. */
export class KernelSession implements Session {
  private readonly inbox: Inbox;
  private last: RunStatus | undefined;
  private failed: string | undefined;
  private running = false;
  private readonly ledger: Ledger;
  private readonly checkpoints: SessionCheckpoints | undefined;
  private readonly conversationId: string;
  /** The seed of the session's span ids (kept in its saves), drawn when first needed: a run nobody follows names no span. */
  private seed: string | undefined;
  private ids: ((position: string) => string) | undefined;
  private readonly spanIds = (position: string): string => (this.ids ??= sessionSpanIds(this.spanSeed))(position);

  constructor(private readonly engine: SessionEngine, private readonly meta: SessionMeta, saved?: SessionEnvelope, options: SessionOptions = {}) {
    this.inbox = new Inbox(saved?.inbox);
    this.last = saved?.status;
    this.failed = saved?.inFlight ? CRASHED : saved?.failed;
    this.checkpoints = options.checkpoints;
    this.conversationId = saved?.conversation ?? randomUUID();
    this.ledger = new Ledger(saved?.ledger ?? [], this.checkpoints ? (entry) => this.checkpoint(entry) : undefined);
    this.seed = typeof saved?.spans === 'string' ? saved.spans : undefined;
  }

  private get spanSeed(): string {
    return (this.seed ??= newSpanSeed());
  }

  get messages(): readonly Message[] {
    return this.engine.messages;
  }

  appendUserMessage(text: string): void {
    this.inbox.addUser(text);
  }

  appendToolResults(results: readonly ToolResult[]): void {
    this.guardIdle('give tool results');
    this.inbox.addToolResults(results, this.last);
  }

  decide(id: string, decision: Decision, reason?: string): void {
    this.guardIdle('decide');
    this.inbox.addDecision(id, decision, reason, this.last);
  }

  run(): Promise<RunStatus> {
    return this.runAndRetain(undefined);
  }

  stream(): AsyncIterable<RuntimeEvent> {
    return eventStream((emit) => this.runAndRetain(emit));
  }

  /** A run; once it finished the session (and wrote its last checkpoint), the app's retention hears of it. */
  private async runAndRetain(emit: ((e: RuntimeEvent) => void) | undefined): Promise<RunStatus> {
    const status = await this.execute(emit);
    if (status.type === 'finished') await this.meta.retention?.finished(this.engine);
    return status;
  }

  async save(): Promise<SavedSession> {
    this.guardIdle('save');
    return this.envelope(false);
  }

  private guardIdle(what: string): void {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', `cannot ${what} while the session is running`);
  }

  /** The snapshot taken when the run in flight started: its checkpoints write that, with the ledger as it grows. */
  private started: SessionEnvelope | undefined;

  private async execute(emit: ((e: RuntimeEvent) => void) | undefined): Promise<RunStatus> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'the session is already running');
    if (this.last?.type === 'finished') throw new RuntimeError('AS_INVALID_STATE', 'the session has finished; start a new one');
    this.running = true;
    let failure: unknown;
    try {
      if (this.checkpoints) {
        this.started = this.envelope(true);
        await this.write(this.started);
      }
      this.ledger.beginRun();
      // every event with the attribute names of Agent Spec Tracing, whatever the engine wrote
      const traced = withSpecAttributes(emit);
      const advance = () => this.engine.advance({
        inbox: this.inbox, last: this.last, failed: this.failed, emit: traced, spans: new RunSpans(traced, this.spanIds), conversationId: this.conversationId, ledger: this.ledger,
      });
      let status = await (this.engine.bindsLedger?.() ? advance() : withLedger(this.ledger, advance));
      if (this.failed !== undefined && this.failed !== CRASHED && status.type === 'user_input' && this.inbox.user.length > 0) {
        // the failed run, run again, waits for the user, who gave messages since it failed: they are its next turn
        // (not after a crash: the inbox saved when the crashed run started still holds the messages that run took)
        this.last = status;
        this.failed = undefined;
        status = await (this.engine.bindsLedger?.() ? advance() : withLedger(this.ledger, advance));
      }
      this.last = status;
      this.failed = undefined;
      this.ledger.clear();
      return status;
    } catch (e) {
      failure = e;
      this.failed = (e as { code?: unknown })?.code === undefined ? 'AS_INTERNAL' : String((e as { code?: unknown }).code);
      if (this.failed === 'AS_TOOL_CALL_INVALID') this.ledger.dropLastLlm();
      throw e;
    } finally {
      this.running = false;
      this.started = undefined;
      if (this.checkpoints) {
        await this.write(this.envelope(false)).catch((e: unknown) => {
          // a failed run's own error is what the caller must see; its in-flight checkpoint still resumes it
          if (failure === undefined) throw e;
        });
      }
    }
  }

  private async checkpoint(_entry: unknown): Promise<void> {
    if (!this.started) return;
    await this.write({ ...this.started, ledger: this.ledger.list() });
  }

  private async write(envelope: SessionEnvelope): Promise<void> {
    await (this.checkpoints as SessionCheckpoints).write(envelope);
    crashPoint('save');
  }

  private envelope(inFlight: boolean): SessionEnvelope {
    const ledger = this.ledger.list();
    const envelope: SessionEnvelope = {
      runtime: this.meta.runtime,
      format: SESSION_FORMAT,
      kind: this.meta.kind,
      component: this.meta.component.id,
      specHash: componentHash(this.meta.component),
      conversation: this.conversationId,
      inputs: this.meta.inputs as Record<string, unknown>,
      inbox: this.inbox.save(),
      ...(this.last ? { status: this.last } : {}),
      ...(this.failed !== undefined ? { failed: this.failed } : {}),
      ...(inFlight ? { inFlight: true } : {}),
      ...(ledger.length > 0 ? { ledger } : {}),
      spans: this.spanSeed,
      state: this.engine.state(),
    };
    return JSON.parse(JSON.stringify(envelope)) as SessionEnvelope;
  }
}
