import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  DEFAULT_CASES_DIR, exitCodeOf, formatReport, REPORT_FORMATS, runConformance, RUNTIMES, summarize, summaryLine,
  type Progress, type ReportFormat, type RuntimeRegistry,
} from '@agentspec/conformance';
import { EXIT } from '../exit-codes.js';
import { UsageError, type Io } from '../io.js';

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

export async function conformanceCommand(io: Io, options: ConformanceOptions, registry: RuntimeRegistry = RUNTIMES): Promise<number> {
  const format = options.report ?? 'text';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--report must be one of ${REPORT_FORMATS.join(', ')}, not '${format}'`);
  const names = options.runtimes === undefined ? Object.keys(registry) : options.runtimes.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((name) => !Object.hasOwn(registry, name));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(`unknown runtime ${unknown.map((n) => `'${n}'`).join(', ') || "''"} (known: ${Object.keys(registry).join(', ')})`);
  }
  const casesDir = options.cases === undefined ? DEFAULT_CASES_DIR : resolve(options.cases);
  if (!isDir(casesDir)) throw new UsageError(`cases directory not found: ${options.cases ?? casesDir}`);
  if (options.knownGaps !== undefined && !isDir(options.knownGaps)) throw new UsageError(`known-gaps directory not found: ${options.knownGaps}`);
  const timeoutMs = options.timeout === undefined ? undefined : Number(options.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new UsageError(`--timeout must be a whole number of milliseconds, not '${options.timeout}'`);

  const report = await runConformance({
    runtimes: [...new Set(names)].map((name) => registry[name]!()),
    casesDir,
    onProgress: progress(io),
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
    .option('--runtimes <names>', `comma-separated runtimes (default: all of ${Object.keys(RUNTIMES).join(', ')})`)
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
