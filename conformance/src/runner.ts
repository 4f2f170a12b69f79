/**
 * The conformance runner: every case on every runtime, known gaps applied per
 * runtime, one `Report`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime, ToolRegistry, Trace } from '@agentspec/runtime';
import { discoverCases, loadCase, type CaseEntry } from './case.js';
import { caseToolsCache, importToolsModule, type ToolsModuleLoader } from './case-tools.js';
import type { AnyCase } from './case-types.js';
import { readKnownGaps, type KnownGaps } from './known-gaps.js';
import { errorCode, errorMessage, type CaseOutcome } from './outcome.js';
import type { CaseResult, Report, ReportCase } from './report.js';
import { runCase } from './run-case.js';
import { runInvalidCase } from './run-invalid-case.js';

/** The cases shipped with this package. */
export const DEFAULT_CASES_DIR = fileURLToPath(new URL('../cases', import.meta.url));

/** Which case ids to run: a substring of the id, a RegExp, or a predicate. */
export type CaseFilter = string | RegExp | ((id: string) => boolean);

export interface Progress {
  readonly result: CaseResult;
  /** Results so far (1-based), out of `total`. */
  readonly done: number;
  readonly total: number;
}

export interface RunConformanceOptions {
  readonly runtimes: readonly Runtime[];
  /** Default: the cases of this package. */
  readonly casesDir?: string;
  readonly filter?: CaseFilter;
  /** Default: `known-gaps/` next to the cases directory. */
  readonly knownGapsDir?: string;
  /** Per case (default 20 s). */
  readonly timeoutMs?: number;
  readonly onProgress?: (progress: Progress) => void;
  /** ServerTool implementations given to every case, over its library tools (e.g. the project's own tools). */
  readonly tools?: ToolRegistry;
  /** Loads a case's own tools module (`toolsModule:`); default: Node's `import()`. */
  readonly loadToolsModule?: ToolsModuleLoader;
  /** Check each run's span tree against the case's `trace.yaml` (default true). */
  readonly traces?: boolean;
}

/** What a case runs with besides itself: the run's tools and its own module's. */
export interface CaseContext {
  readonly timeoutMs?: number;
  readonly tools?: ToolRegistry;
  /** A case's own tools module by absolute path. */
  readonly caseTools?: (file: string) => Promise<ToolRegistry>;
  /** Told the trace of each run of a case (see RunCaseOptions.onTrace). */
  readonly onTrace?: (run: number, trace: Trace) => void;
  /** Check span trees against `trace.yaml` (default true). */
  readonly traces?: boolean;
}

/** A discovered case, read (or why it could not be). */
export interface LoadedCase {
  readonly entry: CaseEntry;
  readonly case?: AnyCase;
  readonly problem?: string;
}

export function matchesFilter(filter: CaseFilter | undefined, id: string): boolean {
  if (filter === undefined) return true;
  if (typeof filter === 'string') return id.includes(filter);
  if (filter instanceof RegExp) return filter.test(id);
  return filter(id);
}

/** Discovers and reads the cases; `ids` are all case ids, before filtering (to check known gaps). */
export function collectCases(casesDir: string, filter?: CaseFilter): { ids: ReadonlySet<string>; cases: LoadedCase[] } {
  const entries = discoverCases(casesDir);
  const cases = entries.filter((e) => matchesFilter(filter, e.id)).map((entry): LoadedCase => {
    try {
      return { entry, case: loadCase(entry) };
    } catch (e) {
      return { entry, problem: errorMessage(e) };
    }
  });
  return { ids: new Set(entries.map((e) => e.id)), cases };
}

export function defaultKnownGapsDir(casesDir: string): string {
  return join(casesDir, '..', 'known-gaps');
}

/** Problems of a known-gaps file, including listed cases that do not exist. */
export function knownGapProblems(gaps: KnownGaps, ids: ReadonlySet<string>): string[] {
  const unknown = [...gaps.gaps.keys()].filter((id) => !ids.has(id)).map((id) => `${gaps.file}: lists '${id}', which is not a case`);
  return [...gaps.problems, ...unknown];
}

/** The run's tools, then the case's own module's over them; a module that does not load is the case's error. */
async function toolsFor(c: AnyCase, context: CaseContext): Promise<ToolRegistry> {
  if (c.kind !== 'run' || c.toolsModule === undefined) return context.tools ?? {};
  const load = context.caseTools ?? caseToolsCache(importToolsModule);
  return { ...context.tools, ...(await load(c.toolsModule)) };
}

/** Runs one read case on one runtime and applies its known gap, if any. */
export async function runLoadedCase(loaded: LoadedCase, runtime: Runtime, gap: string | undefined, ctx: CaseContext = {}): Promise<CaseResult> {
  const base = { runtime: runtime.name, caseId: loaded.entry.id };
  const c = loaded.case;
  if (!c) return { ...base, status: 'error', durationMs: 0, error: { code: 'AS_CASE_INVALID', message: loaded.problem ?? 'unreadable case' } };
  let outcome: CaseOutcome;
  if (c.kind === 'invalid') {
    outcome = runInvalidCase(c);
  } else {
    try {
      const tools = await toolsFor(c, ctx);
      outcome = await runCase(c, runtime, { tools, ...(ctx.timeoutMs !== undefined ? { timeoutMs: ctx.timeoutMs } : {}), ...(ctx.onTrace ? { onTrace: ctx.onTrace } : {}), ...(ctx.traces !== undefined ? { traces: ctx.traces } : {}) });
    } catch (e) {
      outcome = { status: 'error', durationMs: 0, error: { code: errorCode(e), message: errorMessage(e) } };
    }
  }
  const { status, ...rest } = outcome;
  if (gap === undefined) return { ...base, status, ...rest };
  return { ...base, ...rest, status: status === 'pass' ? 'stale-gap' : 'known-gap', reason: gap };
}

function describeCase(loaded: LoadedCase): ReportCase {
  const c = loaded.case;
  return c ? { id: c.id, kind: c.kind, description: c.description } : { id: loaded.entry.id, kind: 'malformed', description: loaded.problem ?? '' };
}

/** Every case × every runtime, in order; never throws for a failing case (only for a missing cases directory). */
export async function runConformance(options: RunConformanceOptions): Promise<Report> {
  const started = performance.now();
  const casesDir = options.casesDir ?? DEFAULT_CASES_DIR;
  const knownGapsDir = options.knownGapsDir ?? defaultKnownGapsDir(casesDir);
  const names = options.runtimes.map((r) => r.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`two runtimes are named '${twice}'`);
  const { ids, cases } = collectCases(casesDir, options.filter);
  const results: CaseResult[] = [];
  const errors: string[] = [];
  const total = cases.length * options.runtimes.length;
  const context: CaseContext = {
    caseTools: caseToolsCache(options.loadToolsModule ?? importToolsModule),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.traces !== undefined ? { traces: options.traces } : {}),
  };
  for (const runtime of options.runtimes) {
    const gaps = readKnownGaps(knownGapsDir, runtime.name);
    errors.push(...knownGapProblems(gaps, ids));
    for (const loaded of cases) {
      const result = await runLoadedCase(loaded, runtime, gaps.gaps.get(loaded.entry.id), context);
      results.push(result);
      options.onProgress?.({ result, done: results.length, total });
    }
  }
  return { runtimes: names, cases: cases.map(describeCase), results, errors, durationMs: Math.round(performance.now() - started) };
}
