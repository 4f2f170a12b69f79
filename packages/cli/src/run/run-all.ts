import type { Component } from '@agentspec/core';
import type { Runtime, RuntimeLoadOptions, ToolRegistry, Trace, TraceRecorder } from '@agentspec/runtime';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { compareRuns, runsAgree, type RuntimeRun } from './compare-runs.js';
import { asksFirst } from './asks-first.js';
import { driveSession, type Ask } from './drive-session.js';
import { deliverTraces, traceRecorder, wantsTrace, type TraceTargets } from './run-traces.js';
import type { LlmTarget } from './scripted-llm.js';

export interface RunAll {
  readonly tools: ToolRegistry;
  readonly inputs: Record<string, unknown>;
  readonly target: LlmTarget;
  readonly json?: boolean;
  /** --trace / --otlp: each runtime's runs recorded, the traces written and exported at the end. */
  readonly trace?: TraceTargets;
}

/**
 * Run one spec on several runtimes, one after the other, with the same inputs
 * and scripted answers; print them side by side (and what differs). Exit 0 when
 * they agree and finished or paused, 3 when they agree on the same coded error,
 * 1 when they disagree (status, error code, branch, outputs or reply).
 */
export async function runAll(io: Io, component: Component, runtimes: Readonly<Record<string, () => Runtime>>, run: RunAll): Promise<number> {
  const ask = io.interactive ? () => noAnswer : await scriptedAnswers(io);
  const runs: RuntimeRun[] = [];
  const traces: Trace[] = [];
  const tracing = run.trace && wantsTrace(run.trace) ? run.trace : undefined;
  for (const [name, make] of Object.entries(runtimes)) {
    io.stderr(`running on ${name}…\n`);
    const recorder = tracing ? traceRecorder(component, name) : undefined;
    runs.push(await timedRun(name, component, make, run, ask(), recorder));
    if (recorder) traces.push(recorder.finish());
  }
  io.stdout(run.json ? `${JSON.stringify(runs, null, 2)}\n` : compareRuns(runs));
  const traceCode = tracing ? await deliverTraces(io, tracing, traces) : undefined;
  if (!runsAgree(runs)) return EXIT.INVALID;
  return runs.some((r) => r.error) ? EXIT.RUN_FAILED : (traceCode ?? EXIT.OK);
}

async function timedRun(name: string, component: Component, make: () => Runtime, run: RunAll, ask: Ask, recorder?: TraceRecorder): Promise<RuntimeRun> {
  const { llm, server } = await run.target.open();
  const started = performance.now();
  try {
    const app = await make().load(component, { tools: run.tools, ...(llm ? { llm } : {}) } as RuntimeLoadOptions);
    try {
      const { status } = await driveSession(app.start({ inputs: run.inputs }), ask, undefined, { askFirst: asksFirst(component), ...(recorder ? { recorder } : {}) });
      const last = status?.type === 'finished' ? undefined : [...(status?.messages ?? [])].reverse().find((m) => m.role === 'assistant');
      const reply = last?.content;
      return { runtime: name, status: status?.type ?? 'error', ...(status?.type === 'finished' ? { outputs: status.outputs, branch: status.branch ?? 'next' } : {}),
        ...(reply !== undefined ? { reply } : {}), ...(last?.sender !== undefined ? { sender: last.sender } : {}),
        ...(server ? { llmCalls: server.requests.length } : {}), ms: Math.round(performance.now() - started) };
    } finally {
      await app.close();
    }
  } catch (e) {
    const err = e as { code?: string; message: string };
    return { runtime: name, status: 'error', error: { code: err.code ?? 'ERROR', message: err.message }, ...(server ? { llmCalls: server.requests.length } : {}), ms: Math.round(performance.now() - started) };
  } finally {
    await server?.close();
  }
}

const noAnswer: Ask = async () => undefined;

/** Every scripted line of stdin, replayed to each runtime from the start. */
async function scriptedAnswers(io: Io): Promise<() => Ask> {
  const lines: string[] = [];
  for (let line = await io.readLine?.(''); line !== undefined; line = await io.readLine?.('')) lines.push(line);
  return () => {
    let i = 0;
    return async () => lines[i++];
  };
}
