/**
 * The conformance suite as vitest tests, one per case, for a five-line test
 * file per runtime:
 *
 *   import { referenceRuntime } from '@agentspec/runtime';
 *   import { describeConformance } from '@agentspec/conformance';
 *
 *   await describeConformance(() => referenceRuntime());
 *
 * vitest is imported when this is called, so the package does not need it
 * otherwise. A known gap that still fails is a skipped test (with the reason);
 * one that passes fails (stale gap), as does a known-gaps entry naming no case.
 */
import type { Runtime, ToolRegistry } from '@agentspec/runtime';
import { caseToolsCache, importToolsModule, type ToolsModuleLoader } from './case-tools.js';
import { explain } from './reporters/describe.js';
import { DEFAULT_CASE_TIMEOUT_MS } from './run-case.js';
import { readKnownGaps } from './known-gaps.js';
import {
  collectCases, DEFAULT_CASES_DIR, defaultKnownGapsDir, knownGapProblems, runLoadedCase, type CaseFilter,
} from './runner.js';

export interface DescribeConformanceOptions {
  readonly casesDir?: string;
  readonly filter?: CaseFilter;
  readonly knownGapsDir?: string;
  /** Per case (default 20 s); the vitest timeout is a little longer. */
  readonly timeoutMs?: number;
  /** ServerTool implementations given to every case (as `RunConformanceOptions.tools`). */
  readonly tools?: ToolRegistry;
  /** Loads a case's own tools module; default: Node's `import()`. */
  readonly loadToolsModule?: ToolsModuleLoader;
  /** Check span trees against the cases' `trace.yaml` (default true). */
  readonly traces?: boolean;
}

/** Registers a `describe('conformance: <runtime>')` with one test per case. Await it at the top of a test file. */
export async function describeConformance(
  runtimeFactory: () => Runtime | Promise<Runtime>,
  options: DescribeConformanceOptions = {},
): Promise<void> {
  const { describe, it } = await import('vitest').catch((e: unknown) => {
    throw new Error(`describeConformance runs inside vitest, which could not be imported: ${(e as Error).message}`);
  });
  const runtime = await runtimeFactory();
  const casesDir = options.casesDir ?? DEFAULT_CASES_DIR;
  const { ids, cases } = collectCases(casesDir, options.filter);
  const gaps = readKnownGaps(options.knownGapsDir ?? defaultKnownGapsDir(casesDir), runtime.name);
  const timeout = (options.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS) + 5_000;
  const caseContext = {
    caseTools: caseToolsCache(options.loadToolsModule ?? importToolsModule),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.traces !== undefined ? { traces: options.traces } : {}),
  };
  describe(`conformance: ${runtime.name}`, () => {
    for (const problem of knownGapProblems(gaps, ids)) {
      it(`known-gaps/${runtime.name}.yaml: ${problem.startsWith(gaps.file) ? problem.slice(gaps.file.length + 2) : problem}`, () => {
        throw new Error(problem);
      });
    }
    for (const loaded of cases) {
      it(loaded.entry.id, { timeout }, async (context) => {
        const result = await runLoadedCase(loaded, runtime, gaps.gaps.get(loaded.entry.id), caseContext);
        if (result.status === 'known-gap') context.skip(`known gap: ${result.reason ?? ''}`);
        if (result.status !== 'pass') throw new Error(`${result.status}: ${explain(result)}`);
      });
    }
  });
}
