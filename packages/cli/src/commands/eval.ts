import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type * as EvalModule from '@agentspec/eval';
import type { CellSummary, EvalConfig, EvalReport, Executor, MetricConfig, TaskResult } from '@agentspec/eval';
import { EXIT } from '../exit-codes.js';
import { holdInterrupts, interruptLine, interruptSignal, interrupted, SIGNAL_EXIT } from '../interrupt.js';
import { readJson, UsageError, type Io } from '../io.js';
import { loadModule, loadTools } from '../run/module-loader.js';
import { loadRuntimes, RUNTIME_NAMES } from '../runtimes.js';

export interface EvalOptions {
  readonly spec?: string;
  readonly runtimes?: string;
  readonly llm?: string;
  readonly repeats?: string;
  readonly metric?: readonly string[];
  readonly pass?: string;
  readonly answer?: string;
  readonly offline?: boolean | string;
  readonly llmUrl?: string;
  readonly tools?: string;
  readonly concurrency?: string;
  readonly timeout?: string;
  readonly retries?: string;
  readonly prices?: string;
  readonly out?: string;
  readonly results?: string;
  readonly fresh?: boolean;
  readonly compare?: string;
  readonly tolerance?: string;
  readonly queue?: string;
  readonly queueName?: string;
}

const list = (v: string | undefined) => (v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean));

const whole = (v: string | undefined, what: string, min = 1): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${what} must be a whole number ≥ ${min}, not '${v}'`);
  return n;
};

/** `--metric name` or `--metric 'name:{"option":…}'` (JSON options). */
function metricOption(text: string): MetricConfig {
  const colon = text.indexOf(':');
  if (colon < 0) return text.trim();
  const name = text.slice(0, colon).trim();
  try {
    const options = JSON.parse(text.slice(colon + 1)) as unknown;
    if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new Error('not an object');
    return { metric: name, ...(options as Record<string, unknown>) };
  } catch (e) {
    throw new UsageError(`--metric ${text}: the options after the colon must be a JSON object (${(e as Error).message})`);
  }
}

/** The eval config of the command line: a config file's, with the options over it; or a dataset and the options. */
function configOf(e: typeof EvalModule, file: string, o: EvalOptions): { config: EvalConfig; dir: string } {
  const isConfig = e.isEvalConfigFile(file);
  const base: Partial<EvalConfig> = isConfig ? e.readEvalConfig(file) : { dataset: resolve(file) };
  const dir = isConfig ? dirname(resolve(file)) : process.cwd();
  const cwd = (p: string) => resolve(p);
  const over: Partial<Record<keyof EvalConfig, unknown>> = {
    specs: list(o.spec)?.map(cwd),
    runtimes: o.runtimes === 'all' ? 'all' : list(o.runtimes),
    llms: list(o.llm)?.map(cwd),
    repeats: whole(o.repeats, '--repeats'),
    metrics: o.metric?.map(metricOption),
    pass: o.pass,
    answer: o.answer,
    offline: o.offline ? true : undefined,
    scripted: typeof o.offline === 'string' ? cwd(o.offline) : undefined,
    llmUrl: o.llmUrl,
    tools: o.tools === undefined ? undefined : cwd(o.tools),
    concurrency: whole(o.concurrency, '--concurrency'),
    timeoutMs: whole(o.timeout, '--timeout'),
    retries: whole(o.retries, '--retries', 0),
    prices: o.prices === undefined ? undefined : cwd(o.prices),
  };
  const config = { ...base, ...Object.fromEntries(Object.entries(over).filter(([, v]) => v !== undefined)) } as EvalConfig;
  if (!config.specs || config.specs.length === 0) throw new UsageError('no spec to evaluate: give --spec <file> (or specs: in an eval config)', { code: 'AS_MISSING_ARGUMENT' });
  if (o.runtimes !== undefined && o.runtimes !== 'all') {
    const unknown = (list(o.runtimes) ?? []).filter((n) => !RUNTIME_NAMES.includes(n));
    if (unknown.length > 0) throw new UsageError(`unknown runtime ${unknown.map((n) => `'${n}'`).join(', ')} (known: ${RUNTIME_NAMES.join(', ')}, all)`, { code: 'AS_UNKNOWN_RUNTIME' });
  }
  return { config, dir };
}

const pct = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '—' : `${(x * 100).toFixed(1)}`);
const ms = (x: number) => (Number.isFinite(x) ? (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`) : '—');

/** The matrix as a text table: a row per cell, the metrics' means (%), pass^1/pass^k, latency mean ± std, p95, errors. */
export function matrixTable(report: EvalReport): string {
  const k = report.matrix.repeats;
  const head = ['spec', 'runtime', 'llm', ...report.metrics.map((m) => `${m} %`), k > 1 ? `pass^1/^${k} %` : 'pass %', 'latency', 'p95', 'errors'];
  const rows = report.cells.map((c: CellSummary) => [
    c.spec, c.runtime, c.llm,
    ...report.metrics.map((m) => pct(c.metrics[m]?.mean)),
    k > 1 ? `${pct(c.passHatK[1])} / ${pct(c.passHatK[k])}` : pct(c.passRate),
    `${ms(c.latencyMs.mean)} ± ${ms(c.latencyMs.std)}`, ms(c.latencyMs.p95),
    Object.entries(c.errors).map(([code, n]) => `${code}×${n}`).join(' ') || '0',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}

/** Progress on stderr: a line per 10% (or per run on a terminal), with the runs that failed. */
function progress(io: Io): (p: { result: TaskResult; done: number; total: number }) => void {
  let shown = -1;
  return ({ result, done, total }) => {
    if (result.error) io.stderr(`  ${result.key}: ${result.error.code}\n`);
    const tenth = Math.floor((done / total) * 10);
    if (io.isTTY) io.stderr(`\r\x1b[2K[${done}/${total}] ${result.key}${done === total ? '\n' : ''}`);
    else if (tenth !== shown || done === total) {
      shown = tenth;
      io.stderr(`[${done}/${total}] runs done\n`);
    }
  };
}

/**
 * `agentspec eval`: run a dataset on spec(s) × runtimes × LLM configs ×
 * repeats, here or on queue workers; results streamed to a results file
 * (resumed when it exists); report.json, junit.xml and report.html written
 * to --out; --compare exits 1 on regressions.
 */
export async function evalCommand(io: Io, file: string, options: EvalOptions): Promise<number> {
  const e = await import('@agentspec/eval');
  const { config, dir } = configOf(e, file, options);
  if (options.queue !== undefined && !/^rediss?:\/\//.test(options.queue)) throw new UsageError(`--queue must be a redis:// URL, not '${options.queue}'`);
  const tolerance = options.tolerance === undefined ? 0 : Number(options.tolerance);
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new UsageError(`--tolerance must be a number ≥ 0, not '${options.tolerance}'`);
  const baseline = options.compare === undefined ? undefined : e.checkBaseline(readJson(io, options.compare, 'a report.json of agentspec eval'), options.compare);
  const plan = e.planFromConfig(config, dir);
  const out = resolve(options.out ?? 'eval-report');
  try {
    mkdirSync(out, { recursive: true });
  } catch (err) {
    throw new UsageError(`cannot create the folder ${out}: ${(err as Error).message}`, { code: 'AS_CANNOT_WRITE' });
  }
  const resultsFile = resolve(options.results ?? join(out, 'results.jsonl'));
  let executor: Executor | undefined;
  let closeQueue: (() => Promise<void>) | undefined;
  if (options.queue !== undefined) {
    const q = await e.queueExecutor(plan, { url: options.queue, ...(options.queueName ? { name: options.queueName } : {}), onWaiting: (n) => io.stderr(`queued ${n} run(s) on ${e.redactRedisUrl(options.queue!)}; waiting for workers (agentspec worker --queue …)\n`) });
    executor = q.executor;
    closeQueue = q.close;
  }
  const runtimes = executor ? undefined : await loadRuntimes(plan.runtimes);
  const tools = executor || plan.toolsModule === undefined ? undefined : await loadTools(plan.toolsModule);
  const release = holdInterrupts();
  let outcome: Awaited<ReturnType<typeof e.runEval>>;
  try {
    outcome = await e.runEval(plan, {
      resultsFile,
      fresh: options.fresh ?? false,
      ...(runtimes ? { runtimes } : {}),
      ...(tools ? { tools } : {}),
      ...(executor ? { executor } : {}),
      loadModule,
      signal: interruptSignal,
      ...(baseline ? { baseline, tolerance } : {}),
      onStart: ({ total, done, todo }) => io.stderr(done > 0 ? `resuming ${resultsFile}: ${done} of ${total} runs done, ${todo} to run\n` : `${total} runs: ${plan.dataset.items.length} items × ${plan.repeats} repeat(s) × ${plan.specs.length * plan.runtimes.length * plan.llms.length} cell(s)\n`),
      onResult: progress(io),
    });
  } finally {
    release();
    await closeQueue?.();
  }
  const { report } = outcome;
  io.writeFile(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  io.writeFile(join(out, 'junit.xml'), e.formatJunit(report));
  io.writeFile(join(out, 'report.html'), e.reportHtml(report));
  io.stdout(matrixTable(report));
  io.stdout(`report: ${join(out, 'report.html')} (report.json, junit.xml; results ${resultsFile})\n`);
  const stop = interrupted();
  if (stop) {
    io.stderr(interruptLine(stop, `${outcome.missing} run(s) not done; run the same command again to resume`));
    return SIGNAL_EXIT[stop];
  }
  const comparison = report.comparison;
  if (comparison) {
    for (const r of comparison.regressions) io.stdout(`regression: ${r.cell}: ${r.figure} ${r.baseline} → ${r.current}\n`);
    for (const i of comparison.itemsWorse) io.stdout(`  item ${i.itemId} (${i.cell}) passed ${pct(i.baseline)}% → ${pct(i.current)}%\n`);
    for (const c of comparison.missingCells) io.stdout(`missing: ${c} (in the baseline, not in this run)\n`);
    io.stdout(`compared with ${options.compare}: ${comparison.regressions.length} regression(s), ${comparison.improvements.length} improvement(s)\n`);
    if (comparison.regressions.length > 0) return EXIT.INVALID;
  }
  return EXIT.OK;
}

/**
 * `agentspec worker --queue redis://…`: takes runs from the queue and runs
 * them until stopped (SIGTERM/SIGINT: the run in hand is finished first).
 */
export async function workerCommand(io: Io, options: { queue: string; queueName?: string; concurrency?: string; tools?: string; lockMs?: string }): Promise<number> {
  if (!/^rediss?:\/\//.test(options.queue)) throw new UsageError(`--queue must be a redis:// URL, not '${options.queue}'`);
  const e = await import('@agentspec/eval');
  const concurrency = whole(options.concurrency, '--concurrency') ?? 1;
  const lockMs = whole(options.lockMs, '--lock-ms', 500);
  const release = holdInterrupts();
  try {
    const worker = await e.startWorker({
      url: options.queue,
      ...(options.queueName ? { name: options.queueName } : {}),
      concurrency,
      ...(lockMs ? { lockMs } : {}),
      runtimes: (names) => loadRuntimes(names),
      tools: async (path) => {
        const module = options.tools ?? path;
        return module === undefined ? {} : loadTools(module);
      },
      onEvent: (line) => io.stderr(`${line}\n`),
    });
    io.stderr(`worker ${worker.id} on ${e.redactRedisUrl(options.queue)} (queue ${worker.queue}, concurrency ${concurrency})\n`);
    await new Promise<void>((resolve) => interruptSignal.addEventListener('abort', () => resolve(), { once: true }));
    await worker.close();
    io.stderr(interruptLine(interrupted()!, 'the worker finished its runs in hand and left the queue'));
    return SIGNAL_EXIT[interrupted()!];
  } finally {
    release();
  }
}

const collect = (value: string, previous: readonly string[] = []): string[] => [...previous, value];

/** Adds `agentspec eval` and `agentspec worker` to the program. */
export function registerEval(program: Command, io: Io, setCode: (code: number) => void, exitHelp: string): void {
  program
    .command('eval')
    .description('measure a spec on a dataset across runtimes and LLM configs: metrics, pass@k/pass^k, latency; report.json, JUnit, HTML')
    .argument('<file>', 'an eval config (YAML/JSON with dataset:, specs:, …) or a dataset (.jsonl, .csv, .yaml)')
    .option('--spec <files>', 'the spec(s) under test, comma-separated')
    .option('--runtimes <names>', `comma-separated runtimes, or all (${RUNTIME_NAMES.join(', ')}; default reference)`)
    .option('--llm <files>', 'LLM config documents, comma-separated: each replaces every LLM config of the spec (a column of the matrix)')
    .option('--repeats <n>', 'runs of each item per cell (pass@k, pass^k; default 1)')
    .option('--metric <name[:json]>', 'a metric, e.g. f1 or \'numeric:{"tolerance":0.01}\'; repeatable', collect)
    .option('--pass <metric>', 'the metric whose pass is an item\'s pass (default: every metric)')
    .option('--answer <output>', 'the output metrics compare (default: the only output, else all, else the last reply)')
    .option('--offline [rules]', 'answer LLM requests from the items\' scripted rules (and this rules file) on a scripted server')
    .option('--llm-url <url>', 'send every LLM request to this OpenAI-compatible endpoint')
    .option('--tools <module>', 'a .ts or .js module exporting `tools`: ServerTool implementations')
    .option('--concurrency <n>', 'runs at once (default 4)')
    .option('--timeout <ms>', 'time limit of one run in milliseconds (default 60000)')
    .option('--retries <n>', 'attempts after the first on transient failures (default 1)')
    .option('--prices <file>', 'price table (YAML/JSON): { model: { input, output } } US dollars per million tokens')
    .option('--out <dir>', 'the report folder (default eval-report)')
    .option('--results <file>', 'the results file, resumed when it exists (default <out>/results.jsonl)')
    .option('--fresh', 'start the results file over instead of resuming it')
    .option('--compare <report.json>', 'a baseline report: regressions are listed and exit 1')
    .option('--tolerance <x>', 'a score may drop this much (absolute) before it is a regression (default 0)')
    .option('--queue <redis-url>', 'run on workers: enqueue the runs on BullMQ at this Redis and gather their results')
    .option('--queue-name <name>', 'the BullMQ queue (default agentspec-eval)')
    .addHelpText('after', `
Runs are appended to the results file as they end; an interrupted eval
(Ctrl-C, a crash) resumes with the same command, running only what is missing.

Example:
  $ agentspec eval examples/eval/customer-service/eval.yaml --out eval-report
  $ agentspec eval qa.jsonl --spec agent.yaml --runtimes all --metric f1 --repeats 3 --offline rules.yaml
  $ agentspec eval eval.yaml --compare baseline/report.json        # CI: exit 1 on regressions
  $ agentspec eval eval.yaml --queue redis://127.0.0.1:6379 &  agentspec worker --queue redis://127.0.0.1:6379
${exitHelp}`)
    .action(async (file: string, opts: EvalOptions) => setCode(await evalCommand(io, file, opts)));

  program
    .command('worker')
    .description('run the eval runs queued by `agentspec eval --queue` (any number of workers, on any machine)')
    .requiredOption('--queue <redis-url>', 'the Redis of the queue')
    .option('--queue-name <name>', 'the BullMQ queue (default agentspec-eval)')
    .option('--concurrency <n>', 'runs at once (default 1)')
    .option('--tools <module>', 'the ServerTool module (default: the path the eval names, on this machine)')
    .option('--lock-ms <ms>', 'how long a run is held without a heartbeat before another worker takes it over (default 30000)')
    .addHelpText('after', `
A worker that dies mid-run loses its lock; another worker runs the item again
and the eval counts it once. Stop a worker with Ctrl-C or SIGTERM.

Example:
  $ agentspec worker --queue redis://127.0.0.1:6379 --concurrency 2
${exitHelp}`)
    .action(async (opts: { queue: string; queueName?: string; concurrency?: string; tools?: string; lockMs?: string }) => setCode(await workerCommand(io, opts)));
}
