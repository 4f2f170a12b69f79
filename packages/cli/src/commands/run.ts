import { formatDiagnostic, load, type Component } from '@agentspec/core';
import { frameworkPersistence } from '@agentspec/adapters';
import type { RuntimeRegistry } from '@agentspec/conformance';
import type { App, RunStatus, Runtime, RuntimeLoadOptions, Session, ToolRegistry, TraceRecorder } from '@agentspec/runtime';
import { EXIT } from '../exit-codes.js';
import { errorLine } from '../errors.js';
import { holdInterrupts, interruptSignal, interrupted, interruptLine, SIGNAL_EXIT } from '../interrupt.js';
import { readInput, UsageError, type Io } from '../io.js';
import { checkRuntimeNames, loadRuntimes, RUNTIME_NAMES } from '../runtimes.js';
import { asksFirst } from '../run/asks-first.js';
import { driveSession, formatMessage, type Ask } from '../run/drive-session.js';
import { parseInputs } from '../run/inputs.js';
import { loadTools } from '../run/module-loader.js';
import { runAll } from '../run/run-all.js';
import { llmTarget, type LlmTarget } from '../run/scripted-llm.js';
import { checkTraceTargets, deliverTraces, traceRecorder, wantsTrace, type TraceTargets } from '../run/run-traces.js';
import { Persistence } from '../run/session-persistence.js';

export interface RunOptions extends TraceTargets {
  readonly runtime?: string;
  readonly input?: readonly string[];
  readonly inputs?: string;
  readonly tools?: string;
  readonly llmUrl?: string;
  readonly offline?: string;
  readonly save?: string;
  readonly resume?: string;
  readonly store?: string;
  readonly json?: boolean;
}

/**
 * `agentspec run <spec>`: run a spec on one runtime (interactive or scripted,
 * saved and resumed through a session store), or on several side by side
 * (`--runtime all`, or a list `reference,langgraph`). Framework packages load
 * only for the runtimes named.
 */
export async function runCommand(io: Io, file: string, options: RunOptions, registry?: RuntimeRegistry): Promise<number> {
  const known = registry ? Object.keys(registry) : RUNTIME_NAMES;
  const names = runtimeNames(options.runtime, known);
  if (names.length > 1 && (options.save || options.resume)) throw new UsageError('--save and --resume take one runtime, not several');
  if (options.store !== undefined && !options.save && !options.resume) throw new UsageError('--store goes with --save or --resume');
  await checkTraceTargets(options);
  const result = load(readInput(io, file));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) io.stderr(`${formatDiagnostic(d, file)}\n`);
  if (errors.length > 0 || !result.component) return EXIT.INVALID;
  const tools: ToolRegistry = options.tools ? await loadTools(options.tools) : {};
  const inputs = parseInputs(io, options.input, options.inputs);
  const target = await llmTarget(io, options);
  if (names.length > 1) {
    const runtimes = registry ?? await loadRuntimes(names);
    return runAll(io, result.component, Object.fromEntries(names.map((n) => [n, runtimes[n]!])), { tools, inputs, target, ...(options.json ? { json: true } : {}), trace: options });
  }
  let persistence: Persistence | undefined;
  try {
    persistence = options.save || options.resume ? await Persistence.open(io, options) : undefined;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    return failed(io, e, options.json);
  }
  try {
    // resuming a named session without --runtime: the runtime it was saved on
    const name = names[0] ?? persistence?.stored?.runtime ?? 'reference';
    checkRuntimeNames([name], known, ', all');
    const runtimes = registry ?? await loadRuntimes([name]);
    const release = holdInterrupts();
    try {
      return await runOne(io, result.component, name, runtimes[name]!, { tools, inputs, target, options, ...(persistence ? { persistence } : {}) });
    } finally {
      release();
    }
  } finally {
    await persistence?.close();
  }
}

/** The runtimes `--runtime` names: one, a comma-separated list, `all`, or none given (decided later). */
function runtimeNames(option: string | undefined, known: readonly string[]): string[] {
  if (option === undefined) return [];
  const names = option === 'all' ? [...known] : [...new Set(option.split(',').map((n) => n.trim()).filter((n) => n !== ''))];
  checkRuntimeNames(names, known, ', all');
  return names;
}

interface OneRun {
  readonly tools: ToolRegistry;
  readonly inputs: Record<string, unknown>;
  readonly target: LlmTarget;
  readonly options: RunOptions;
  readonly persistence?: Persistence;
}

/** One runtime's run; with --trace/--otlp its runs are streamed and recorded, and the trace written and exported at the end (also after a failure or a signal). */
async function runOne(io: Io, component: Component, name: string, make: () => Runtime, run: OneRun): Promise<number> {
  if (!wantsTrace(run.options)) return runRecorded(io, component, name, make, run, undefined);
  const recorder = traceRecorder(component, name);
  const code = await runRecorded(io, component, name, make, run, recorder);
  const traceCode = await deliverTraces(io, run.options, [recorder.finish()]);
  return code === EXIT.OK ? (traceCode ?? code) : code;
}

async function runRecorded(io: Io, component: Component, name: string, make: () => Runtime, run: OneRun, recorder: TraceRecorder | undefined): Promise<number> {
  const { llm, server } = await run.target.open();
  const { options, persistence } = run;
  let app: App;
  try {
    const checkpointer = persistence ? frameworkPersistence(name, persistence.location) : undefined;
    app = await make().load(component, {
      tools: run.tools, ...(llm ? { llm } : {}), ...(checkpointer !== undefined ? { checkpointer } : {}), signal: interruptSignal,
    } as RuntimeLoadOptions);
  } catch (e) {
    await server?.close();
    if (e instanceof UsageError) throw e;
    return interrupted() ? stopped(io) : failed(io, e, options.json);
  }
  try {
    const ask = untilInterrupted(io.readLine ?? (async () => undefined));
    const show = options.json ? undefined : (m: Parameters<typeof formatMessage>[0]) => io.stdout(`${formatMessage(m, io.isTTY)}\n`);
    let status: RunStatus | undefined;
    let saved: string | undefined;
    let session: Session | undefined;
    const save = async () => {
      if (session && persistence && options.save) saved = await persistence.save(io, name, component, await session.save());
    };
    try {
      const checkpoints = persistence?.checkpoints(io, name, component);
      session = persistence && options.resume
        ? await app.resume(persistence.resume(io), checkpoints ? { checkpoints } : {})
        : app.start({ inputs: run.inputs, ...(checkpoints ? { checkpoints } : {}) });
      status = (await driveSession(session, ask, show, { askFirst: asksFirst(component) && !options.resume, ...(recorder ? { recorder } : {}) })).status;
      if (!interrupted()) await save();
    } catch (e) {
      if (e instanceof UsageError) throw e;
      if (!interrupted()) return failed(io, e, options.json);
    }
    if (interrupted()) return await stopped(io, save, () => saved);
    if (options.json) io.stdout(`${JSON.stringify(status, null, 2)}\n`);
    else if (status?.type === 'finished') io.stdout(`finished${status.branch ? ` on branch ${status.branch}` : ''}: ${JSON.stringify(status.outputs)}${saved ? ` (${saved})` : ''}\n`);
    else io.stdout(`stopped: waiting for ${status?.type.replace('_', ' ')}${saved ? ` (${saved})` : ''}\n`);
    return EXIT.OK;
  } finally {
    await app.close();
    await server?.close();
  }
}

/** A question that is answered "no more input" once a signal stopped the run (the session then stops and is saved). */
function untilInterrupted(ask: Ask): Ask {
  return (question) => interrupted() ? Promise.resolve(undefined) : new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    interruptSignal.addEventListener('abort', onAbort, { once: true });
    ask(question).then(resolve, reject).finally(() => interruptSignal.removeEventListener('abort', onAbort));
  });
}

/** A run stopped by SIGTERM/SIGINT: its session saved when --save is given (as it was when the signal came), one line, 143/130. */
async function stopped(io: Io, save?: () => Promise<void>, saved?: () => string | undefined): Promise<number> {
  const signal = interrupted()!;
  let detail = 'the run was aborted';
  try {
    await save?.();
  } catch (e) {
    detail += `; the session could not be saved: ${(e as Error).message}`;
  }
  io.stderr(interruptLine(signal, `${detail}${saved?.() ? ` (${saved()})` : ''}`));
  return SIGNAL_EXIT[signal];
}

/** Report a failed load or run: `agentspec: error CODE: message` on stderr (and as JSON with --json); exit 3 (RUN_FAILED), or 75 (BUSY) for AS_SESSION_BUSY. */
function failed(io: Io, e: unknown, json: boolean | undefined): number {
  const err = e as { code?: unknown; message?: unknown; hint?: unknown };
  const code = typeof err.code === 'string' ? err.code : 'ERROR';
  const hint = typeof err.hint === 'string' ? err.hint : undefined;
  const message = String(err.message ?? e).replace(`${code}: `, '').replace(hint ? ` (hint: ${hint})` : '', '');
  if (json) io.stdout(`${JSON.stringify({ error: { code, message } }, null, 2)}\n`);
  io.stderr(errorLine(code, message, hint ?? (code === 'ERROR' ? 'this failure has no Agent Spec code: unless it comes from your tools, please report it as an issue of agentspec-ts' : undefined)));
  return code === 'AS_SESSION_BUSY' ? EXIT.BUSY : EXIT.RUN_FAILED;
}
