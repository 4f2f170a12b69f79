import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Progress, ReportFormat, RuntimeRegistry } from '@agentspec/conformance';
import { EXIT } from '../exit-codes.js';
import { UsageError, type Io } from '../io.js';
import { checkRuntimeNames, loadRuntimes, RUNTIME_NAMES } from '../runtimes.js';

export interface ConformanceOptions {
  /** Comma-separated runtime names (default: every registered runtime). */
  readonly runtimes?: string;
  readonly cases?: string;
  readonly knownGaps?: string;
  readonly filter?: string;
  readonly report?: string;
  readonly out?: string;
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

export async function conformanceCommand(io: Io, options: ConformanceOptions, registry?: RuntimeRegistry): Promise<number> {
  // loaded here, not at startup: it imports the conformance runner and its servers
  const { DEFAULT_CASES_DIR, exitCodeOf, formatReport, REPORT_FORMATS, runConformance, summarize, summaryLine } = await import('@agentspec/conformance');
  const format = options.report ?? 'text';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--report must be one of ${REPORT_FORMATS.join(', ')}, not '${format}'`);
  const known = registry ? Object.keys(registry) : RUNTIME_NAMES;
  const names = options.runtimes === undefined ? known : options.runtimes.split(',').map((n) => n.trim()).filter(Boolean);
  checkRuntimeNames(names, known);
  const casesDir = options.cases === undefined ? DEFAULT_CASES_DIR : resolve(options.cases);
  if (!isDir(casesDir)) throw new UsageError(`cases directory not found: ${options.cases ?? casesDir}`, { code: 'AS_FILE_NOT_FOUND' });
  if (options.knownGaps !== undefined && !isDir(options.knownGaps)) throw new UsageError(`known-gaps directory not found: ${options.knownGaps}`, { code: 'AS_FILE_NOT_FOUND' });
  const timeoutMs = options.timeout === undefined ? undefined : Number(options.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new UsageError(`--timeout must be a whole number of milliseconds, not '${options.timeout}'`);

  const factories = registry ?? await loadRuntimes([...new Set(names)]);
  const report = await runConformance({
    runtimes: [...new Set(names)].map((name) => factories[name]!()),
    casesDir,
    onProgress: progress(io, new Set(names).size),
    ...(options.knownGaps !== undefined ? { knownGapsDir: resolve(options.knownGaps) } : {}),
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  if (report.cases.length === 0) throw new UsageError(`no case found in ${casesDir}${options.filter ? ` matching '${options.filter}'` : ''}`);
  const text = formatReport(report, format as ReportFormat, { color: options.color ?? false });
  if (options.out !== undefined) io.writeFile(options.out, text);
  else io.stdout(text);
  if (options.out !== undefined || format !== 'text') {
    for (const s of summarize(report)) io.stderr(`${summaryLine(s)}\n`);
  }
  return exitCodeOf(report) === 0 ? EXIT.OK : EXIT.INVALID;
}

/** Adds `agentspec conformance` to the program. */
export function registerConformance(program: Command, io: Io, setCode: (code: number) => void, exitHelp: string): void {
  program
    .command('conformance')
    .description('run the conformance cases on runtimes and print the matrix (text, md, json or junit)')
    .option('--runtimes <names>', `comma-separated runtimes (default: all of ${RUNTIME_NAMES.join(', ')})`)
    .option('--cases <dir>', 'cases directory (default: the cases of @agentspec/conformance)')
    .option('--known-gaps <dir>', 'known-gaps directory (default: known-gaps/ next to the cases directory)')
    .option('--filter <text>', 'only the cases whose id contains this text')
    .option('--report <format>', 'text, md, json or junit', 'text')
    .option('--out <file>', 'write the report here instead of stdout')
    .option('--color', 'colour the text report')
    .option('--timeout <ms>', 'time limit per case in milliseconds (default 20000)')
    .addHelpText('after', `
Progress goes to stderr, the report to stdout (or --out). Exit code 0 only
when every case passes or is a known gap of that runtime; a known gap that
passes (stale gap) fails the run until its entry is removed.

Example:
  $ agentspec conformance --runtimes reference --report junit --out conformance.xml
${exitHelp}`)
    .action(async (opts: ConformanceOptions) => setCode(await conformanceCommand(io, opts)));
}
