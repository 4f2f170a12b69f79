import { formatDiagnostic, load, type Component } from '@agentspec/core';
import type { RuntimeRegistry } from '@agentspec/conformance';
import type { App, RunStatus, Runtime, RuntimeLoadOptions, SavedSession, ToolRegistry } from '@agentspec/runtime';
import { EXIT } from '../exit-codes.js';
import { readInput, readJson, UsageError, type Io } from '../io.js';
import { errorLine } from '../errors.js';
import { checkRuntimeNames, loadRuntimes, RUNTIME_NAMES } from '../runtimes.js';
import { driveSession, formatMessage, type Ask } from '../run/drive-session.js';
import { parseInputs } from '../run/inputs.js';
import { loadTools } from '../run/module-loader.js';
import { llmTarget, type LlmTarget } from '../run/scripted-llm.js';
import { compareRuns, type RuntimeRun } from '../run/compare-runs.js';

export interface RunOptions {
  readonly runtime?: string;
  readonly input?: readonly string[];
  readonly inputs?: string;
  readonly tools?: string;
  readonly llmUrl?: string;
  readonly offline?: string;
  readonly save?: string;
  readonly resume?: string;
  readonly json?: boolean;
}

/** `agentspec run <spec>`: run a spec on one runtime (interactive or scripted), or on all of them side by side. */
export async function runCommand(io: Io, file: string, options: RunOptions, registry?: RuntimeRegistry): Promise<number> {
  const name = options.runtime ?? 'reference';
  const known = registry ? Object.keys(registry) : RUNTIME_NAMES;
  const names = name === 'all' ? known : [name];
  checkRuntimeNames(names, known, ', all');
  if (name === 'all' && (options.save || options.resume)) throw new UsageError('--save and --resume take one runtime, not all');
  const result = load(readInput(io, file));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) io.stderr(`${formatDiagnostic(d, file)}\n`);
  if (errors.length > 0 || !result.component) return EXIT.INVALID;
  const runtimes = registry ?? await loadRuntimes(names);
  const tools: ToolRegistry = options.tools ? await loadTools(options.tools) : {};
  const inputs = parseInputs(io, options.input, options.inputs);
  const target = await llmTarget(io, options);
  if (name !== 'all') return runOne(io, result.component, runtimes[name]!, { tools, inputs, target, options });
  const ask = io.interactive ? noAnswers : await scriptedAnswers(io);
  const runs: RuntimeRun[] = [];
  for (const n of names) {
    io.stderr(`running on ${n}…\n`);
    runs.push(await timedRun(n, result.component, runtimes[n]!, { tools, inputs, target, ask: ask() }));
  }
  io.stdout(options.json ? `${JSON.stringify(runs, null, 2)}\n` : compareRuns(runs));
  return runs.every((r) => !r.error) ? EXIT.OK : EXIT.INVALID;
}

interface OneRun {
  readonly tools: ToolRegistry;
  readonly inputs: Record<string, unknown>;
  readonly target: LlmTarget;
  readonly options: RunOptions;
}

async function runOne(io: Io, component: Component, make: () => Runtime, run: OneRun): Promise<number> {
  const { llm, server } = await run.target.open();
  let app: App;
  try {
    app = await make().load(component, { tools: run.tools, ...(llm ? { llm } : {}) } as RuntimeLoadOptions);
  } catch (e) {
    await server?.close();
    return failed(io, e, run.options.json);
  }
  try {
    const session = run.options.resume ? await app.resume(readJson(io, run.options.resume, 'a session saved by --save') as SavedSession) : app.start({ inputs: run.inputs });
    const ask: Ask = io.readLine ?? (async () => undefined);
    const show = run.options.json ? undefined : (m: Parameters<typeof formatMessage>[0]) => io.stdout(`${formatMessage(m, io.isTTY)}\n`);
    let status: RunStatus | undefined;
    try {
      status = (await driveSession(session, ask, show, { askFirst: component.component_type === 'Agent' && !run.options.resume })).status;
    } catch (e) {
      return failed(io, e, run.options.json);
    }
    if (run.options.save) io.writeFile(run.options.save, `${JSON.stringify(await session.save(), null, 2)}\n`);
    if (run.options.json) io.stdout(`${JSON.stringify(status, null, 2)}\n`);
    else if (status?.type === 'finished') io.stdout(`finished${status.branch ? ` on branch ${status.branch}` : ''}: ${JSON.stringify(status.outputs)}\n`);
    else io.stdout(`stopped: waiting for ${status?.type.replace('_', ' ')}${run.options.save ? ` (saved to ${run.options.save})` : ''}\n`);
    return EXIT.OK;
  } finally {
    await app.close();
    await server?.close();
  }
}

async function timedRun(name: string, component: Component, make: () => Runtime, run: Omit<OneRun, 'options'> & { ask: Ask }): Promise<RuntimeRun> {
  const { llm, server } = await run.target.open();
  const started = performance.now();
  try {
    const app = await make().load(component, { tools: run.tools, ...(llm ? { llm } : {}) } as RuntimeLoadOptions);
    try {
      const { status } = await driveSession(app.start({ inputs: run.inputs }), run.ask, undefined, { askFirst: component.component_type === 'Agent' });
      const reply = status?.type === 'finished' ? undefined : [...(status?.messages ?? [])].reverse().find((m) => m.role === 'assistant')?.content;
      return { runtime: name, status: status?.type ?? 'error', ...(status?.type === 'finished' ? { outputs: status.outputs, branch: status.branch ?? 'next' } : {}),
        ...(reply !== undefined ? { reply } : {}),
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

const noAnswers = (): Ask => async () => undefined;

/** Report a failed load or run: `agentspec: error CODE: message` on stderr (and as JSON with --json); exit 3 (RUN_FAILED). */
function failed(io: Io, e: unknown, json: boolean | undefined): number {
  const err = e as { code?: unknown; message?: unknown; hint?: unknown };
  const code = typeof err.code === 'string' ? err.code : 'ERROR';
  const hint = typeof err.hint === 'string' ? err.hint : undefined;
  const message = String(err.message ?? e).replace(`${code}: `, '').replace(hint ? ` (hint: ${hint})` : '', '');
  if (json) io.stdout(`${JSON.stringify({ error: { code, message } }, null, 2)}\n`);
  io.stderr(errorLine(code, message, hint ?? (code === 'ERROR' ? 'this failure has no Agent Spec code: unless it comes from your tools, please report it as an issue of agentspec-ts' : undefined)));
  return EXIT.RUN_FAILED;
}

/** Every scripted line of stdin, replayed to each runtime from the start. */
async function scriptedAnswers(io: Io): Promise<() => Ask> {
  const lines: string[] = [];
  for (let line = await io.readLine?.(''); line !== undefined; line = await io.readLine?.('')) lines.push(line);
  return () => {
    let i = 0;
    return async () => lines[i++];
  };
}
