import { AsyncLocalStorage } from 'node:async_hooks';
import { hash } from 'node:crypto';
import { isJsonContentType } from '../http/decode-http-body.js';
import { crashPoint } from './crash-points.js';

/** One effect a run had, recorded so that it never happens twice: an LLM answer, a tool call's result. */
export interface LedgerEntry {
  readonly key: string;
  readonly kind: 'llm' | 'tool';
  readonly value: unknown;
}

/** A recorded LLM answer: what `fetch` returned (a 2xx response, its body whole). */
interface RecordedResponse {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

/**
 * The exactly-once ledger of a session (DESIGN §2.1): every LLM answer and
 * every tool result of a run is recorded — durably, when the session has
 * checkpoints — before the run goes on, under a stable key (what was asked,
 * and how many times the same thing was asked before in this run). A run
 * that asks again (a retry after a failure, a rerun after a crash or a
 * resume) gets the recorded answer and the tool is not executed again. The
 * ledger holds only the run in flight: a run that ends with a status clears
 * it, since the session's own state then holds everything.
 */
export class Ledger {
  private readonly entries = new Map<string, LedgerEntry>();
  private readonly asked = new Map<string, number>();
  private lastLlm: string | undefined;

  constructor(saved: readonly LedgerEntry[] = [], private readonly onRecord?: (entry: LedgerEntry) => Promise<void>) {
    for (const e of saved) this.entries.set(e.key, e);
  }

  get size(): number {
    return this.entries.size;
  }

  /** A run starts: the occurrence counts start again (a rerun asks the same things in the same order). */
  beginRun(): void {
    this.asked.clear();
  }

  /** The key of the next ask of `what` in this run. */
  keyOf(kind: LedgerEntry['kind'], what: string): string {
    const digest = hash('sha256', what, 'base64url').slice(0, 32);
    const n = this.asked.get(digest) ?? 0;
    this.asked.set(digest, n + 1);
    return `${kind}:${digest}#${n}`;
  }

  get(key: string): LedgerEntry | undefined {
    return this.entries.get(key);
  }

  async record(entry: LedgerEntry): Promise<void> {
    this.entries.set(entry.key, entry);
    if (entry.kind === 'llm') this.lastLlm = entry.key;
    await this.onRecord?.(entry);
    crashPoint(entry.kind === 'llm' ? 'llm-response' : 'tool');
  }

  /** Forget the last LLM answer: it was refused (an invalid tool call), and asking again must reach the LLM. */
  dropLastLlm(): void {
    if (this.lastLlm !== undefined) this.entries.delete(this.lastLlm);
    this.lastLlm = undefined;
  }

  clear(): void {
    this.entries.clear();
    this.lastLlm = undefined;
  }

  list(): LedgerEntry[] {
    return [...this.entries.values()];
  }
}

const scope = new AsyncLocalStorage<Ledger>();

/** Run `f` with `ledger` as the ledger of everything it asks (LLM requests, tool calls), however deep. */
export function withLedger<T>(ledger: Ledger, f: () => Promise<T>): Promise<T> {
  return scope.run(ledger, f);
}

/** The ledger of the session run this code is part of, if any. */
export function activeLedger(): Ledger | undefined {
  return scope.getStore();
}

const bySignal = new WeakMap<AbortSignal, Ledger>();

/**
 * Makes `ledger` the ledger of the LLM requests made with `signal` (their
 * abort signal), for an engine that runs without the async context of
 * `withLedger` (`SessionEngine.bindsLedger`; it gives its tool calls the
 * ledger itself: `toolOnce`, `ToolRunner.run`): every promise made under an
 * async context carries it, which costs a run of a framework's agent loop a
 * few percent of its CPU.
 */
export function bindLedger(signal: AbortSignal, ledger: Ledger): void {
  bySignal.set(signal, ledger);
}

/** The ledger of an LLM request: the session run's it is part of, else the one bound to its abort signal. */
function ledgerOf(signal: AbortSignal | null | undefined): Ledger | undefined {
  return scope.getStore() ?? (signal ? bySignal.get(signal) : undefined);
}

/**
 * A tool call, at most once per session: inside a session run (or given
 * the run's `ledger`) the ledger's
 * recorded result when there is one, else the call, its result recorded
 * before the run goes on. A call that failed is not recorded: it did not
 * complete, and running again retries it.
 */
export async function toolOnce(name: string, args: unknown, call: () => Promise<unknown>, ledger: Ledger | undefined = activeLedger()): Promise<unknown> {
  if (!ledger) return call();
  const key = ledger.keyOf('tool', `${name}\u0000${stableJson(args)}`);
  const seen = ledger.get(key);
  if (seen) return (seen.value as { result: unknown }).result;
  const result = await call();
  const value = { result: JSON.parse(JSON.stringify(result) ?? 'null') as unknown };
  await ledger.record({ key, kind: 'tool', value });
  return result;
}

type Fetch = typeof globalThis.fetch;

/**
 * An LLM `fetch` whose answers go through the session's ledger: a request
 * asked before in the run in flight gets the recorded answer without reaching
 * the LLM; a new 2xx answer is recorded once its body has been read whole (a
 * JSON answer is read and recorded before it is handed on; a stream is passed
 * on as it comes, and ends only after the record), so the tool calls it asks
 * for always have a recorded origin.
 */
export function ledgerFetch(base: Fetch): Fetch {
  const fetching = async (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]): Promise<Response> => {
    const ledger = ledgerOf(init?.signal ?? (input instanceof Request ? input.signal : undefined));
    const body = init?.body;
    if (!ledger || (typeof body !== 'string' && !(body instanceof Uint8Array))) return base(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const key = ledger.keyOf('llm', `${init?.method ?? 'POST'} ${url.pathname}\u0000${typeof body === 'string' ? body : Buffer.from(body).toString('utf8')}`);
    const seen = ledger.get(key);
    if (seen) {
      const r = seen.value as RecordedResponse;
      return new Response(r.body, { status: r.status, headers: r.contentType ? { 'content-type': r.contentType } : {} });
    }
    const response = await base(input, init);
    if (!response.ok || !response.body) return response;
    const contentType = response.headers.get('content-type');
    if (isJsonContentType(contentType)) {
      // a JSON answer is read whole by its client anyway: read, record, hand on a copy (no stream piped through
      // another per request, which cost a run of three LLM calls more CPU than the rest of the ledger)
      const text = await response.text();
      await ledger.record({ key, kind: 'llm', value: { status: response.status, contentType, body: text } satisfies RecordedResponse });
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    const chunks: Uint8Array[] = [];
    const recording = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        chunks.push(chunk);
        controller.enqueue(chunk);
      },
      async flush() {
        await ledger.record({ key, kind: 'llm', value: { status: response.status, contentType, body: Buffer.concat(chunks).toString('utf8') } satisfies RecordedResponse });
      },
    });
    return new Response(response.body.pipeThrough(recording), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return fetching as Fetch;
}


/** JSON with object keys sorted: the same arguments give the same text whatever their order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, sortedKeys) ?? 'undefined';
}

/** An object as JSON writes it with its keys sorted: itself when they already are (no copy), else a sorted copy. */
function sortedKeys(_key: string, v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  for (let i = 1; i < keys.length; i++) {
    if ((keys[i - 1] as string) > (keys[i] as string)) return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return v;
}
