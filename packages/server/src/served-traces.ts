import type { Component } from '@agentspec/core';
import { TraceRecorder, type SessionStore, type Trace, type TraceListener } from '@agentspec/runtime';

/** The name a session's trace is kept under in the session store. */
export const traceRecordName = (threadId: string) => `trace:${threadId}`;
/** The `runtime` column of trace records (they are no sessions: `SessionHost.list` leaves them out). */
const KIND = 'agentspec-trace';
/** Sessions whose recorders stay in memory (the least recently run ones go: their next turn starts a new segment). */
const MAX_LIVE = 1000;

interface Live {
  readonly recorder: TraceRecorder;
  /** Segments recorded before this process's recorder (an earlier server's). */
  readonly earlier: readonly Trace[];
}

/**
 * The traces of served sessions: one TraceRecorder per session (its runs,
 * turn after turn, one span tree, as `agentspec run --trace` records), its
 * trace written to the session store after every turn (record
 * `trace:<session>`), with listeners of the server's (an OTLP export) on
 * every recorder. A session run by an earlier server keeps that server's
 * trace as an earlier segment: {@link get} answers one trace, or the
 * segments in order when there are several (the trace file format: a trace
 * or a list of them).
 */
export class ServedTraces {
  private readonly live = new Map<string, Live>();

  constructor(private readonly store: SessionStore, private readonly component: Component, private readonly listeners: () => readonly TraceListener[] = () => []) {}

  /** The recorder of a session's turn. */
  async recorder(threadId: string, runtime: string): Promise<TraceRecorder> {
    let live = this.live.get(threadId);
    if (live) this.live.delete(threadId);
    else live = { recorder: new TraceRecorder({ spec: this.component, runtime, listeners: this.listeners() }), earlier: await this.stored(threadId) };
    this.live.set(threadId, live);
    if (this.live.size > MAX_LIVE) this.live.delete(this.live.keys().next().value as string);
    return live.recorder;
  }

  /** Write the session's trace as it is now. */
  async save(threadId: string): Promise<void> {
    const live = this.live.get(threadId);
    if (!live) return;
    await this.store.put({ name: traceRecordName(threadId), runtime: KIND, specHash: '', saved: { traces: [...live.earlier, live.recorder.trace()] } as never });
  }

  /** The session's trace (or its segments); undefined when it has none. */
  async get(threadId: string): Promise<Trace | readonly Trace[] | undefined> {
    const live = this.live.get(threadId);
    const traces = live ? [...live.earlier, live.recorder.trace()] : await this.stored(threadId);
    if (traces.length === 0) return undefined;
    return traces.length === 1 ? traces[0] : traces;
  }

  async delete(threadId: string): Promise<void> {
    this.live.delete(threadId);
    await this.store.delete(traceRecordName(threadId));
  }

  private async stored(threadId: string): Promise<readonly Trace[]> {
    const record = await this.store.get(traceRecordName(threadId));
    return record?.runtime === KIND ? ((record.saved as { traces?: Trace[] }).traces ?? []) : [];
  }
}
