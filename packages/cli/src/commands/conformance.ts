import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  DEFAULT_CASES_DIR, exitCodeOf, formatReport, runConformance, RUNTIMES, summarize, summaryLine, toolsOf, ToolsModuleError,
  type Progress, type Report, type RuntimeRegistry, type ToolsModuleLoader,
} from '@agentspec/conformance';
import type { ToolRegistry } from '@agentspec/runtime';
import { EXIT } from '../exit-codes.js';
import { UsageError, type Io } from '../io.js';
import { loadModule, loadTools } from '../run/module-loader.js';
import { CodedUsageError } from './coded-usage.js';
import { reportTargets, writeReport, type ReportTarget } from './report-targets.js';

export interface ConformanceOptions {
  /** Comma-separated runtime names (default: every registered runtime). */
  readonly runtimes?: string;
  readonly cases?: string;
  readonly knownGaps?: string;
  readonly filter?: string;
  /** `FORMAT` or `FORMAT:FILE`, one or several (`--report` is repeatable). */
  readonly report?: string | readonly string[];
  /** The file of the one `--report FORMAT` (older form of `--report FORMAT:FILE`). */
  readonly out?: string;
  /** A module exporting `tools`: ServerTool implementations given to every case. */
  readonly tools?: string;
  readonly color?: boolean;
  /** Per-case time limit in milliseconds, as typed. */
  readonly timeout?: string;
}

const SYMBOL = { 'pass': '✓', 'fail': '✗', 'error': '!', 'known-gap': '~', 'stale-gap': '*' } as const;

function isDir(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** Progress on stderr: a counter on a terminal, else one line per case. */
function progress(io: Io): (p: Progress) => void {
  return ({ result, done, total }) => {
    if (io.isTTY) {
      io.stderr(`\r\x1b[2K[${done}/${total}] ${result.runtime} ${result.caseId}`);
      if (done === total) io.stderr('\r\x1b[2K');
    } else {
      io.stderr(`${SYMBOL[result.status]} ${result.runtime} ${result.caseId} (${result.durationMs} ms)\n`);
    }
  };
}

/** `--tools`: the module's registry; one that does not load is a usage error. */
async function runTools(path: string | undefined): Promise<ToolRegistry | undefined> {
  if (path === undefined) return undefined;
  try {
    return await loadTools(path);
  } catch (e) {
    if (e instanceof UsageError) throw new CodedUsageError('AS_USAGE_TOOLS', `--tools: ${e.message}`);
    throw e;
  }
}

/** A case's own tools module, TypeScript through tsx like `--tools`. */
const loadCaseTools: ToolsModuleLoader = async (file) => {
  let mod: Record<string, unknown>;
  try {
    mod = await loadModule(file);
  } catch (e) {
    throw new ToolsModuleError(file, (e as Error).message.replace(`cannot load ${file}: `, ''));
  }
  return toolsOf(mod, file);
};

function runtimeNames(option: string | undefined, registry: RuntimeRegistry): string[] {
  const names = option === undefined ? Object.keys(registry) : option.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((name) => !Object.hasOwn(registry, name));
  if (unknown.length > 0 || names.length === 0) {
    throw new CodedUsageError('AS_USAGE_RUNTIME', `unknown runtime ${unknown.map((n) => `'${n}'`).join(', ') || "''"} (known: ${Object.keys(registry).join(', ')})`);
  }
  return [...new Set(names)];
}

/** Writes every report; the summary goes to stderr unless the text report is on stdout. */
function writeReports(io: Io, report: Report, targets: readonly ReportTarget[], color: boolean): void {
  for (const target of targets) {
    const text = formatReport(report, target.format, { color });
    if (target.path === undefined) io.stdout(text);
    else writeReport(io.writeFile, target.path, text);
  }
  if (!targets.some((t) => t.format === 'text' && t.path === undefined)) {
    for (const s of summarize(report)) io.stderr(`${summaryLine(s)}\n`);
  }
}

export async function conformanceCommand(io: Io, options: ConformanceOptions, registry: RuntimeRegistry = RUNTIMES): Promise<number> {
  const targets = reportTargets(options.report, options.out);
  const names = runtimeNames(options.runtimes, registry);
  const casesDir = options.cases === undefined ? DEFAULT_CASES_DIR : resolve(options.cases);
  if (!isDir(casesDir)) throw new CodedUsageError('AS_USAGE_CASES', `cases directory not found: ${options.cases ?? casesDir}`);
  if (options.knownGaps !== undefined && !isDir(options.knownGaps)) throw new CodedUsageError('AS_USAGE_CASES', `known-gaps directory not found: ${options.knownGaps}`);
  const timeoutMs = options.timeout === undefined ? undefined : Number(options.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new CodedUsageError('AS_USAGE_TIMEOUT', `--timeout must be a whole number of milliseconds, not '${options.timeout}'`);
  const tools = await runTools(options.tools);

  const report = await runConformance({
    runtimes: names.map((name) => registry[name]!()),
    casesDir,
    onProgress: progress(io),
    loadToolsModule: loadCaseTools,
    ...(tools !== undefined ? { tools } : {}),
    ...(options.knownGaps !== undefined ? { knownGapsDir: resolve(options.knownGaps) } : {}),
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  if (report.cases.length === 0) throw new CodedUsageError('AS_USAGE_CASES', `no case found in ${casesDir}${options.filter ? ` matching '${options.filter}'` : ''}`);
  writeReports(io, report, targets, options.color ?? false);
  return exitCodeOf(report) === 0 ? EXIT.OK : EXIT.INVALID;
}

/** `--report` may be given several times. */
const collect = (value: string, previous: readonly string[] = []): string[] => [...previous, value];

/** Adds `agentspec conformance` to the program. */
export function registerConformance(program: Command, io: Io, setCode: (code: number) => void, exitHelp: string): void {
  program
    .command('conformance')
    .description('run the conformance cases on runtimes and print the matrix (text, md, json or junit)')
    .option('--runtimes <names>', `comma-separated runtimes (default: all of ${Object.keys(RUNTIMES).join(', ')})`)
    .option('--cases <dir>', 'cases directory (default: the cases of @agentspec/conformance)')
    .option('--known-gaps <dir>', 'known-gaps directory (default: known-gaps/ next to the cases directory)')
    .option('--filter <text>', 'only the cases whose id contains this text')
    .option('--tools <module>', 'a .ts or .js module exporting `tools`: ServerTool implementations given to every case')
    .option('--report <format[:file]>', 'text, md, json or junit, to stdout or to :file; repeatable (default: text)', collect)
    .option('--out <file>', 'write the one --report here instead of stdout (same as --report FORMAT:FILE)')
    .option('--color', 'colour the text report')
    .option('--timeout <ms>', 'time limit per case in milliseconds (default 20000)')
    .addHelpText('after', `
Progress goes to stderr, reports to stdout or their files. Exit code 0 only
when every case passes or is a known gap of that runtime; a known gap that
passes (stale gap) fails the run until its entry is removed.

A case (format: CASES.md of @agentspec/conformance) may run your own spec
(spec: ../agent.yaml) with your own tools: --tools for every case, or a
tools.ts beside its case.yaml (or toolsModule: in it) for that case.

Example:
  $ agentspec conformance --runtimes reference --report junit --out conformance.xml
  $ agentspec conformance --cases conformance/cases --tools tools.ts \\
      --report text --report md:reports/conformance.md --report junit:reports/conformance.xml
${exitHelp}`)
    .action(async (opts: ConformanceOptions) => setCode(await conformanceCommand(io, opts)));
}
