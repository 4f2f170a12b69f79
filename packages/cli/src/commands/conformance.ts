import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type * as ConformanceModule from '@agentspec/conformance';
import type { Progress, Report, RuntimeRegistry, ToolsModuleLoader } from '@agentspec/conformance';
import { EXIT } from '../exit-codes.js';
import { UsageError, type Io } from '../io.js';
import { loadModule, loadTools } from '../run/module-loader.js';
import { checkRuntimeNames, loadRuntimes, RUNTIME_NAMES } from '../runtimes.js';
import { reportTargets, writeReport, type ReportTarget } from './report-targets.js';

type Conformance = typeof ConformanceModule;

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

function isDir(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/**
 * Progress on stderr: one updating line on a terminal (cleared at the end);
 * otherwise (CI logs, pipes) one line per runtime when its cases are done.
 */
function progress(io: Io, runtimes: number): (p: Progress) => void {
  let count = 0;
  let failing = 0;
  let ms = 0;
  return ({ result, done, total }) => {
    if (io.isTTY) {
      io.stderr(`\r\x1b[2K[${done}/${total}] ${result.runtime} ${result.caseId}`);
      if (done === total) io.stderr('\r\x1b[2K');
      return;
    }
    count += 1;
    ms += result.durationMs;
    if (result.status !== 'pass' && result.status !== 'known-gap') failing += 1;
    if (count < total / runtimes) return;
    io.stderr(`${result.runtime}: ${count} case${count === 1 ? '' : 's'} run, ${failing} not passing (${(ms / 1000).toFixed(1)} s)\n`);
    count = failing = ms = 0;
  };
}

/** A case's own tools module, TypeScript through tsx like `--tools`. */
function caseToolsLoader(c: Conformance): ToolsModuleLoader {
  return async (file) => {
    let mod: Record<string, unknown>;
    try {
      mod = await loadModule(file);
    } catch (e) {
      throw new c.ToolsModuleError(file, (e as Error).message.replace(`cannot load ${file}: `, ''));
    }
    return c.toolsOf(mod, file);
  };
}

/** Writes every report; the summary goes to stderr unless the text report is on stdout. */
function writeReports(c: Conformance, io: Io, report: Report, targets: readonly ReportTarget[], color: boolean): void {
  for (const target of targets) {
    const text = c.formatReport(report, target.format, { color });
    if (target.path === undefined) io.stdout(text);
    else writeReport(io.writeFile, target.path, text);
  }
  if (!targets.some((t) => t.format === 'text' && t.path === undefined)) {
    for (const s of c.summarize(report)) io.stderr(`${c.summaryLine(s)}\n`);
  }
}

export async function conformanceCommand(io: Io, options: ConformanceOptions, registry?: RuntimeRegistry): Promise<number> {
  // loaded here, not at startup: it imports the conformance runner and its servers
  const c = await import('@agentspec/conformance');
  const targets = reportTargets(options.report, options.out, c.REPORT_FORMATS);
  const known = registry ? Object.keys(registry) : RUNTIME_NAMES;
  const names = [...new Set(options.runtimes === undefined ? known : options.runtimes.split(',').map((n) => n.trim()).filter(Boolean))];
  checkRuntimeNames(names, known);
  const casesDir = options.cases === undefined ? c.DEFAULT_CASES_DIR : resolve(options.cases);
  if (!isDir(casesDir)) throw new UsageError(`cases directory not found: ${options.cases ?? casesDir}`, { code: 'AS_FILE_NOT_FOUND' });
  if (options.knownGaps !== undefined && !isDir(options.knownGaps)) throw new UsageError(`known-gaps directory not found: ${options.knownGaps}`, { code: 'AS_FILE_NOT_FOUND' });
  const timeoutMs = options.timeout === undefined ? undefined : Number(options.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new UsageError(`--timeout must be a whole number of milliseconds, not '${options.timeout}'`);
  const tools = options.tools === undefined ? undefined : await loadTools(options.tools);

  const factories = registry ?? await loadRuntimes(names);
  const report = await c.runConformance({
    runtimes: names.map((name) => factories[name]!()),
    casesDir,
    onProgress: progress(io, names.length),
    loadToolsModule: caseToolsLoader(c),
    ...(tools !== undefined ? { tools } : {}),
    ...(options.knownGaps !== undefined ? { knownGapsDir: resolve(options.knownGaps) } : {}),
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  if (report.cases.length === 0) throw new UsageError(`no case found in ${casesDir}${options.filter ? ` matching '${options.filter}'` : ''}`);
  writeReports(c, io, report, targets, options.color ?? false);
  return c.exitCodeOf(report) === 0 ? EXIT.OK : EXIT.INVALID;
}

/** `--report` may be given several times. */
const collect = (value: string, previous: readonly string[] = []): string[] => [...previous, value];

/** Adds `agentspec conformance` to the program. */
export function registerConformance(program: Command, io: Io, setCode: (code: number) => void, exitHelp: string): void {
  program
    .command('conformance')
    .description('run the conformance cases on runtimes and print the matrix (text, md, json or junit)')
    .option('--runtimes <names>', `comma-separated runtimes (default: all of ${RUNTIME_NAMES.join(', ')})`)
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
