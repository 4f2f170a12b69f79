/**
 * Running one case on one runtime (CASES.md): start the scripted LLM and the
 * local servers, load the spec, drive each run's steps through the Runnable
 * contract, compare, and stop at the first difference.
 */
import { deserialize, type Component } from '@agentspec/core';
import { TraceRecorder, type App, type RunStatus, type Runtime, type RuntimeLoadOptions, type Session, type ToolRegistry, type Trace } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import type { CaseRun, CaseStep, ConformanceCase, ExpectedError } from './case-types.js';
import { under, type Difference } from './compare.js';
import { pointer } from './check.js';
import { checkError, checkStep, type StepOutcome } from './expectations.js';
import { checkLlmRequests } from './llm-requests.js';
import { checkSpecAttributes, checkTrace } from './case-traces.js';
import { errorCode, errorMessage, type CaseDifference, type CaseOutcome, type UnexpectedError } from './outcome.js';
import { startLocalServers, type LocalServers } from './servers/local-servers.js';
import { substitute } from './servers/placeholders.js';
import { toolRegistry } from './tool-library.js';

export const DEFAULT_CASE_TIMEOUT_MS = 20_000;

export interface RunCaseOptions {
  /** The whole case (all runs) must end within this time (default 20 s). */
  readonly timeoutMs?: number;
  /** ServerTool implementations added to the case's library tools (same name: these win). */
  readonly tools?: ToolRegistry;
  /** Told the trace of each run of the case (its session's events, every step, recorded from `session.stream()`) when the run ends. */
  readonly onTrace?: (run: number, trace: Trace) => void;
  /** Check each run's span tree against the case's `trace.yaml` (default true; a case without one is not checked). */
  readonly traces?: boolean;
}

/** A step or run ended the case: a difference or an unexpected error. */
type Stop = { readonly difference: CaseDifference } | { readonly error: UnexpectedError };

interface Where { run?: number; step?: number }

/** Does the step's action on the session; a difference when the case cannot be applied to the previous status. */
function act(session: Session, step: CaseStep, last: RunStatus | undefined, path: string): Difference | undefined {
  const { action } = step;
  if (action.kind === 'user') session.appendUserMessage(action.text);
  if (action.kind !== 'toolResults' && action.kind !== 'decide') return undefined;
  const wanted = action.kind === 'toolResults' ? 'tool_request' : 'tool_confirmation';
  const given = action.kind === 'toolResults' ? action.results.length : action.decisions.length;
  const requests = last?.type === wanted ? last.requests : undefined;
  if (!requests || given > requests.length) {
    const had = last ? `${last.type} with ${'requests' in last ? last.requests.length : 0} request(s)` : 'no status';
    return { path: `${path}/${action.kind}`, expected: `a previous ${wanted} with at least ${given} request(s)`, actual: had };
  }
  if (action.kind === 'toolResults') {
    session.appendToolResults(action.results.map((r, i) => ({ id: requests[i]!.id, content: r.content })));
  } else {
    action.decisions.forEach((d, i) => session.decide(requests[i]!.id, d.decision, d.reason));
  }
  return undefined;
}

/**
 * What the runner drives when `runtime.load` rejects: every `run()` rejects
 * with the load error, so a case expects a load error (AS_MISSING_TOOL, …) as
 * `status: error` on its first step, whether a runtime checks at load or at
 * the first run.
 */
function rejectedApp(component: Component, e: unknown): App {
  const error = Object.assign(new Error(`runtime.load rejected the spec: ${errorMessage(e)}`), { code: errorCode(e) });
  const session: Session = {
    messages: [],
    appendUserMessage: () => undefined,
    appendToolResults: () => undefined,
    decide: () => undefined,
    run: () => Promise.reject(error),
    save: () => Promise.reject(error),
    stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) }),
  };
  return { component, start: () => session, resume: () => Promise.reject(error), close: () => Promise.resolve() };
}

async function runOne(app: App, run: CaseRun, r: number, llm: ScriptedLlm, where: Where, recorder: TraceRecorder): Promise<Stop | undefined> {
  const before = llm.requests.length;
  let session = app.start(run.inputs ? { inputs: run.inputs } : {});
  let last: RunStatus | undefined;
  for (const [s, step] of run.steps.entries()) {
    where.step = s;
    const path = `/runs/${r}/steps/${s}`;
    if (step.saveAndResume) session = await app.resume(JSON.parse(JSON.stringify(await session.save())));
    const misfit = act(session, step, last, path);
    if (misfit) return { difference: { ...misfit, run: r, step: s } };
    let outcome: StepOutcome;
    try {
      outcome = { type: 'status', status: await recorder.run(session) };
    } catch (e) {
      outcome = { type: 'error', code: errorCode(e), message: errorMessage(e) };
      if (step.expect.status !== 'error') return { error: { code: outcome.code, message: outcome.message, run: r, step: s } };
    }
    const d = under(`${path}/expect`, checkStep(step.expect, outcome));
    if (d) return { difference: { ...d, run: r, step: s } };
    last = outcome.type === 'status' ? outcome.status : undefined;
  }
  delete where.step;
  if (run.llmRequests) {
    const d = under(`/runs/${r}/llmRequests`, checkLlmRequests(run.llmRequests, llm.requests.slice(before)));
    if (d) return { difference: { ...d, run: r } };
  }
  return undefined;
}

async function drive(c: ConformanceCase, runtime: Runtime, signal: AbortSignal, held: Held, caseOptions: RunCaseOptions): Promise<Stop | undefined> {
  const where: Where = {};
  try {
    const llm = (held.llm = await startScriptedLlm(c.llm));
    const servers = (held.servers = await startLocalServers(c.servers));
    if (signal.aborted) {
      // Timed out while starting: the caller has already closed what it knew of.
      await Promise.allSettled([llm.close(), servers.close()]);
      return undefined;
    }
    let component: Component;
    try {
      component = deserialize(substitute(c.specText, servers.substitutions));
    } catch (e) {
      return { error: { code: errorCode(e), message: `the case's spec does not load: ${errorMessage(e)}` } };
    }
    const options: RuntimeLoadOptions = {
      tools: { ...toolRegistry(c.tools), ...caseOptions.tools },
      llm: { override: { url: llm.url, apiKey: 'conformance' }, ...c.llmClient },
      signal,
      ...(c.network ? { network: c.network } : {}),
      ...(c.limits ? { limits: c.limits } : {}),
    };
    const refusal = c.refusedBy && Object.hasOwn(c.refusedBy, runtime.name) ? c.refusedBy[runtime.name] : undefined;
    if (refusal) return await refused(runtime, component, options, refusal, llm, held);
    const app = await runtime.load(component, options).catch((e: unknown) => rejectedApp(component, e));
    held.app = app;
    for (const [r, run] of c.runs.entries()) {
      where.run = r;
      const recorder = new TraceRecorder({ runtime: runtime.name, spec: component });
      let trace: Trace | undefined;
      try {
        const stop = await runOne(app, run, r, llm, where, recorder);
        if (stop) return stop;
      } finally {
        trace = recorder.finish();
        caseOptions.onTrace?.(r, trace);
      }
      const expected = caseOptions.traces === false ? undefined : c.traces?.[r];
      const d = expected === undefined ? undefined : checkTrace(expected, trace, r) ?? checkSpecAttributes(trace, r);
      if (d) return { difference: { ...d, run: r } };
    }
    return undefined;
  } catch (e) {
    return { error: { code: errorCode(e), message: errorMessage(e), ...where } };
  }
}

/**
 * A runtime the case lists in `refusedBy`: its `load()` must reject the spec
 * with the expected error, and no LLM request be made; the runs are not driven.
 */
async function refused(runtime: Runtime, component: Component, options: RuntimeLoadOptions, expected: ExpectedError, llm: ScriptedLlm, held: Held): Promise<Stop | undefined> {
  const path = pointer('/refusedBy', runtime.name);
  try {
    held.app = await runtime.load(component, options);
    return { difference: { path, expected: `load() rejects the spec with ${expected.code}`, actual: 'the spec loaded' } };
  } catch (e) {
    const d = under(path, checkError(expected, { code: errorCode(e), message: errorMessage(e) }));
    if (d) return { difference: d };
  }
  return llm.requests.length === 0 ? undefined : { difference: { path, expected: 'no LLM request', actual: `${llm.requests.length} LLM request(s)` } };
}

/** What a case holds open while it runs, closed when it ends (timed out or not). */
interface Held {
  llm?: ScriptedLlm;
  servers?: LocalServers;
  app?: App;
}

/** Runs a case on a runtime; never throws: a problem is a `fail` or an `error` outcome. */
export async function runCase(c: ConformanceCase, runtime: Runtime, options: RunCaseOptions = {}): Promise<CaseOutcome> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const controller = new AbortController();
  const held: Held = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Stop>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`case timed out after ${timeoutMs} ms`));
      resolve({ error: { code: 'TIMEOUT', message: `the case did not end within ${timeoutMs} ms` } });
    }, timeoutMs);
  });
  try {
    const stop = await Promise.race([drive(c, runtime, controller.signal, held, options), timeout]);
    const durationMs = Math.round(performance.now() - started);
    if (!stop) return { status: 'pass', durationMs };
    return 'difference' in stop ? { status: 'fail', durationMs, difference: stop.difference } : { status: 'error', durationMs, error: stop.error };
  } finally {
    clearTimeout(timer);
    await Promise.allSettled([held.app?.close(), held.servers?.close(), held.llm?.close()]);
  }
}
