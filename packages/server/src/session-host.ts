import { hostname } from 'node:os';
import { frameworkPersistence } from '@agentspec/adapters';
import type { Component } from '@agentspec/core';
import {
  serverToolNames, specHash, type Decision, type LlmOptions, type Message, type NetworkPolicy, type RunStatus, type Runtime, type RuntimeEvent,
  type RuntimeLimits, type SavedSession, type SessionCheckpoints, type SessionStore, type StoredSession, type ToolRegistry, type ToolResult, type TraceListener,
} from '@agentspec/runtime';
import { AppPool } from './app-pool.js';
import { ServerError } from './errors.js';
import { withClientTools, type FrontendTool } from './frontend-tools.js';
import { NO_USAGE, RunGuard, type GuardLimits, type Usage } from './guards.js';
import { ServedTraces } from './served-traces.js';

/** Makes a fresh runtime (an adapter's `runtime()`). */
export type RuntimeFactory = () => Runtime;

export interface SessionHostOptions {
  /** The spec served. */
  readonly component: Component;
  /** The runtimes served, by name; the first is the default of new sessions. */
  readonly runtimes: Readonly<Record<string, RuntimeFactory>>;
  /** Where sessions live (their lease, their checkpoints). */
  readonly store: SessionStore;
  readonly tools?: ToolRegistry;
  readonly llm?: LlmOptions;
  readonly limits?: RuntimeLimits;
  readonly network?: NetworkPolicy;
  readonly guards?: GuardLimits;
  /** Record each session's trace (default true): `GET /traces/:id`, kept in the store. */
  readonly traces?: boolean;
  /**
   * Loaded apps kept idle per runtime (and client tools) for the next turns (default 16): a turn takes one rather
   * than loading the spec again. 0: every turn loads its app.
   */
  readonly maxIdleApps?: number;
  /** Listeners given to every session's TraceRecorder (an OTLP export: `otlpTracing(…).listener()` of @agentspec/otel), made per session. */
  readonly traceListeners?: () => readonly TraceListener[];
}

/** What the server keeps with a session, beside its envelope (under `server` in the stored save). */
export interface SessionMeta {
  /** The client's frontend tools, added to the spec's agents as ClientTools for this session. */
  readonly clientTools: readonly FrontendTool[];
  readonly usage: Usage;
  readonly createdAt: string;
}

/** One turn of a session: what the caller gives, and where its run's events go. */
export interface TurnInput {
  /** The session (an AG-UI thread, a chat, an A2A context, …): created on its first turn. */
  readonly threadId: string;
  /** A new session's runtime (default: the first served); a session keeps the runtime it started on. */
  readonly runtime?: string;
  /** A new session's inputs. */
  readonly inputs?: Readonly<Record<string, unknown>>;
  /** A new session's frontend tools. */
  readonly clientTools?: readonly FrontendTool[];
  readonly userMessage?: string;
  readonly toolResults?: readonly ToolResult[];
  readonly decisions?: readonly { readonly id: string; readonly decision: Decision; readonly reason?: string }[];
  /** Each event of the run, as it comes (RunStatus / RunError excluded: the turn returns or throws). */
  readonly onEvent?: (e: RuntimeEvent) => void;
  /** Cancels the run (the session stays usable: the next turn retries). */
  readonly signal?: AbortSignal;
}

export interface TurnResult {
  readonly threadId: string;
  readonly runtime: string;
  readonly status: RunStatus;
  /** How many messages the conversation had before this turn (`status.messages.slice(before)` is what it added). */
  readonly before: number;
  readonly usage: Usage;
  /** Whether this turn created the session. */
  readonly created: boolean;
}

/** A session as the chat API shows it. */
export interface SessionView {
  readonly id: string;
  readonly runtime: string;
  readonly status?: RunStatus;
  /** The code of the error its last run failed with. */
  readonly failed?: string;
  readonly messages: readonly Message[];
  readonly usage: Usage;
  readonly updatedAt: string;
}

const OWNER = `agentspec serve (pid ${process.pid} on ${hostname()})`;

/**
 * The sessions of a served spec, every protocol's one way in: each turn
 * leases the session in the store (another turn of it, in this process or
 * another, gets AS_SESSION_BUSY), loads the spec on its runtime (or takes the
 * app an earlier turn loaded: {@link AppPool}), starts or
 * resumes the session from the store, gives it the caller's input, runs it as
 * a stream under the guards and checkpoints it as it runs — so a session
 * outlives the process, and a restarted server resumes it.
 */
export class SessionHost {
  readonly component: Component;
  readonly runtimeNames: readonly string[];
  /** The sessions' traces (undefined when `traces: false`). */
  readonly traces: ServedTraces | undefined;
  private readonly serverTools: ReadonlySet<string>;
  /** The apps loaded for turns, kept for the next ones. */
  readonly apps: AppPool;

  constructor(private readonly options: SessionHostOptions) {
    this.component = options.component;
    this.runtimeNames = Object.keys(options.runtimes);
    if (this.runtimeNames.length === 0) throw new ServerError('AS_UNKNOWN_RUNTIME', 'a server needs at least one runtime');
    this.serverTools = new Set(serverToolNames(options.component));
    this.apps = new AppPool(Object.keys(options.tools ?? {}), options.maxIdleApps ?? 16);
    this.traces = options.traces === false ? undefined : new ServedTraces(options.store, options.component, options.traceListeners);
  }

  get store(): SessionStore {
    return this.options.store;
  }

  /** The runtime a new session gets, checked. */
  runtimeName(name: string | undefined): string {
    const chosen = name ?? this.runtimeNames[0] as string;
    if (!this.runtimeNames.includes(chosen)) {
      throw new ServerError('AS_UNKNOWN_RUNTIME', `this server does not serve the runtime '${chosen}' (it serves ${this.runtimeNames.join(', ')})`);
    }
    return chosen;
  }

  async turn(t: TurnInput): Promise<TurnResult> {
    const store = this.options.store;
    const lease = await store.acquire(t.threadId, { owner: OWNER });
    try {
      const stored = await store.get(t.threadId);
      if (stored && t.runtime !== undefined && t.runtime !== stored.runtime) {
        throw new ServerError('AS_BAD_REQUEST', `session '${t.threadId}' runs on the runtime '${stored.runtime}', not '${t.runtime}'`, { hint: 'start a new session for another runtime' });
      }
      const runtime = stored ? stored.runtime : this.runtimeName(t.runtime);
      const make = this.options.runtimes[runtime];
      if (!make) throw new ServerError('AS_UNKNOWN_RUNTIME', `session '${t.threadId}' was saved on the runtime '${runtime}', which this server does not serve (it serves ${this.runtimeNames.join(', ')})`);
      const meta: SessionMeta = stored ? metaOf(stored) : { clientTools: t.clientTools ?? [], usage: NO_USAGE, createdAt: new Date().toISOString() };
      const component = withClientTools(this.component, meta.clientTools);
      const hash = specHash(component);
      // the app of this runtime (and client tools), loaded for an earlier turn or now; its signal is this turn's
      const key = `${runtime}\u0000${hash}`;
      const pooled = await this.apps.take(key, (appController, tools) => {
        const checkpointer = frameworkPersistence(runtime, store.location);
        return make().load(component, {
          tools, signal: appController.signal,
          ...(this.options.llm ? { llm: this.options.llm } : {}), ...(this.options.limits ? { limits: this.options.limits } : {}),
          ...(this.options.network ? { network: this.options.network } : {}), ...(checkpointer !== undefined ? { checkpointer } : {}),
        });
      });
      const { app, controller } = pooled;
      const onAbort = () => controller.abort(t.signal?.reason);
      t.signal?.addEventListener('abort', onAbort, { once: true });
      const guard = new RunGuard(this.options.guards ?? {}, meta.usage, controller);
      pooled.tools = guard.wrapTools(this.options.tools ?? {});
      const put = (saved: SavedSession) => store.put({ name: t.threadId, runtime, specHash: hash, saved: { ...saved, server: { ...meta, usage: guard.usage } } }, { lease });
      const checkpoints: SessionCheckpoints = { write: async (envelope) => void (await put(envelope)) };
      try {
        guard.before();
        const session = stored ? await app.resume(envelopeOf(stored), { checkpoints }) : app.start({ inputs: t.inputs ?? {}, checkpoints });
        const before = stored ? messagesOf(stored).length : 0;
        if (t.userMessage !== undefined) session.appendUserMessage(t.userMessage);
        if (t.toolResults && t.toolResults.length > 0) session.appendToolResults(t.toolResults);
        for (const d of t.decisions ?? []) session.decide(d.id, d.decision, d.reason);
        let status: RunStatus | undefined;
        let failure: { code: string; message: string } | undefined;
        const recorder = await this.traces?.recorder(t.threadId, runtime);
        guard.start();
        try {
          for await (const e of recorder ? recorder.record(session.stream()) : session.stream()) {
            if (e.type === 'RunStatus') status = e.status;
            else if (e.type === 'RunError') failure = e.error;
            else {
              guard.observe(e, this.serverTools);
              t.onEvent?.(e);
            }
          }
        } finally {
          guard.stop();
          // the kernel checkpointed the end of the run; this write adds what the guards counted since
          await put(await session.save()).catch(() => undefined);
          await this.traces?.save(t.threadId).catch(() => undefined);
        }
        if (guard.tripped && (failure || !status)) throw guard.tripped;
        if (failure || !status) throw runFailure(failure, t.signal);
        return { threadId: t.threadId, runtime, status, before, usage: guard.usage, created: !stored };
      } finally {
        t.signal?.removeEventListener('abort', onAbort);
        await this.apps.give(key, pooled);
      }
    } finally {
      await lease.release().catch(() => undefined);
    }
  }

  /** A stored session as the chat API shows it; undefined when there is none. */
  async view(id: string): Promise<SessionView | undefined> {
    const stored = await this.options.store.get(id);
    return stored ? viewOf(stored) : undefined;
  }

  /** Every session this server started (those with its metadata), most recently updated first. */
  async list(): Promise<SessionView[]> {
    const all = await this.options.store.list();
    return all.filter((s) => typeof (s.saved as { server?: unknown }).server === 'object').map(viewOf).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  /** Close the apps kept for later turns (the server stops). */
  async close(): Promise<void> {
    await this.apps.close();
  }

  async delete(id: string): Promise<boolean> {
    await this.traces?.delete(id);
    return this.options.store.delete(id);
  }
}

function metaOf(stored: StoredSession): SessionMeta {
  const m = (stored.saved as { server?: Partial<SessionMeta> }).server ?? {};
  return { clientTools: m.clientTools ?? [], usage: m.usage ?? NO_USAGE, createdAt: m.createdAt ?? stored.updatedAt };
}

/** The session's own save, without the server's metadata. */
function envelopeOf(stored: StoredSession): SavedSession {
  const { server: _server, ...saved } = stored.saved as SavedSession & { server?: unknown };
  return saved as SavedSession;
}

function messagesOf(stored: StoredSession): readonly Message[] {
  return (stored.saved as { status?: RunStatus }).status?.messages ?? [];
}

function viewOf(stored: StoredSession): SessionView {
  const saved = stored.saved as { status?: RunStatus; failed?: string };
  return {
    id: stored.name, runtime: stored.runtime, ...(saved.status ? { status: saved.status } : {}), ...(saved.failed ? { failed: saved.failed } : {}),
    messages: messagesOf(stored), usage: metaOf(stored).usage, updatedAt: stored.updatedAt,
  };
}

/** The error a failed run rejects with: its runtime code and message (AS_CANCELLED with the reason when the caller cancelled). */
function runFailure(failure: { code: string; message: string } | undefined, signal: AbortSignal | undefined): Error {
  const reason = signal?.aborted ? signal.reason : undefined;
  if (reason instanceof Error && (reason as { code?: unknown }).code) return reason;
  const { code, message } = failure ?? { code: 'AS_INTERNAL', message: 'the run ended without a status' };
  const hint = / \(hint: (.*)\)$/s.exec(message)?.[1];
  return Object.assign(new Error(message.replace(`${code}: `, '').replace(hint ? ` (hint: ${hint})` : '', '')), { code, ...(hint !== undefined ? { hint } : {}) });
}
