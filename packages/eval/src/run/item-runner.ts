import { hostname } from 'node:os';
import { deserialize, FAMILIES, type Component } from '@agentspec/core';
import {
  eachComponent, replaceComponents, retryDelayMs, TraceRecorder, type App, type LlmOptions, type Message, type RunStatus, type Runtime,
  type RuntimeLoadOptions, type Session, type StatusType, type ToolRegistry,
} from '@agentspec/runtime';
import { startScriptedLlm, type Rule, type ScriptedLlm } from '@agentspec/testing';
import type { EvalItem } from '../dataset/dataset.js';
import { EvalError } from '../errors.js';
import type { ToolStep } from '../metrics/metric.js';
import { answerOf } from './answer.js';
import { DEFAULT_RETRIES, DEFAULT_RETRY_ON, DEFAULT_TIMEOUT_MS, type EvalPlan, type EvalTask } from './eval-plan.js';
import { shorten, traceFacts, trajectoryFromMessages, type RunStep } from './trace-facts.js';

/** What one run of one item produced, before metrics: a line of the results file without its scores. */
export interface ItemRun extends EvalTask {
  readonly status: StatusType | 'error';
  readonly answer: unknown;
  readonly outputs?: Readonly<Record<string, unknown>>;
  readonly messages: readonly Message[];
  readonly trajectory: readonly ToolStep[];
  readonly steps: readonly RunStep[];
  readonly error?: { readonly code: string; readonly message: string };
  /** Milliseconds of the run itself (session start to end; loading the spec not included). */
  readonly latencyMs: number;
  /** Milliseconds loading the spec on the runtime. */
  readonly loadMs: number;
  /** Attempts made (1 + retries used). */
  readonly attempts: number;
  readonly tokens: { readonly input: number; readonly output: number } | null;
  readonly llmCalls: number;
  readonly model?: string;
  /** Who ran it (`host/pid`): a worker's name in distributed runs. */
  readonly worker: string;
  /** When it started (ISO time). */
  readonly startedAt: string;
}

/** How many times the session is run at most for one item (user messages, tool results and confirmations in between). */
const MAX_TURNS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs tasks of a plan in this process: one spec per (spec, LLM config)
 * parsed once, each attempt on a fresh app (its own abort signal, its own
 * scripted LLM server when offline), traced. Failures become results
 * (status `error` with the code), never exceptions; transient codes are
 * retried with the kernel's backoff (`retryDelayMs`).
 */
export class ItemRunner {
  private readonly components = new Map<string, Component>();
  private readonly items: Map<string, EvalItem>;
  readonly worker: string;

  constructor(
    private readonly plan: EvalPlan,
    private readonly runtimes: Readonly<Record<string, () => Runtime>>,
    private readonly tools: ToolRegistry = {},
    options: { worker?: string } = {},
  ) {
    this.items = new Map(plan.dataset.items.map((i) => [i.id, i]));
    this.worker = options.worker ?? `${hostname()}/${process.pid}`;
    const missing = plan.runtimes.filter((r) => !runtimes[r]);
    if (missing.length > 0) throw new EvalError('AS_EVAL_CONFIG', `no runtime factory for ${missing.join(', ')}`);
  }

  /** The spec of a cell: the spec's document with every LLM config replaced by the cell's (parsed once). */
  component(specId: string, llmId: string): Component {
    const key = `${specId}\u0000${llmId}`;
    let c = this.components.get(key);
    if (!c) {
      const spec = this.plan.specs.find((s) => s.id === specId);
      const llm = this.plan.llms.find((l) => l.id === llmId);
      if (!spec || !llm) throw new EvalError('AS_EVAL_CONFIG', `no spec '${specId}' or LLM config '${llmId}' in the plan`);
      c = withLlm(deserialize(spec.text), llm.text === undefined ? undefined : deserialize(llm.text));
      this.components.set(key, c);
    }
    return c;
  }

  async run(task: EvalTask, signal?: AbortSignal): Promise<ItemRun> {
    const retries = this.plan.retries ?? DEFAULT_RETRIES;
    const retryOn = this.plan.retryOn ?? DEFAULT_RETRY_ON;
    for (let attempt = 0; ; attempt++) {
      const run = await this.attempt(task, signal);
      const code = run.error?.code;
      if (code === undefined || attempt >= retries || !retryOn.includes(code) || signal?.aborted) return { ...run, attempts: attempt + 1 };
      await sleep(retryDelayMs(attempt, {}) ?? 0);
    }
  }

  private async attempt(task: EvalTask, signal: AbortSignal | undefined): Promise<Omit<ItemRun, 'attempts'>> {
    const item = this.items.get(task.itemId);
    if (!item) throw new EvalError('AS_EVAL_CONFIG', `no item '${task.itemId}' in the dataset`);
    const startedAt = new Date().toISOString();
    const timeoutMs = this.plan.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new EvalError('AS_EVAL_TIMEOUT', `the run did not end within ${timeoutMs} ms`));
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const component = this.component(task.spec, task.llm);
    const recorder = new TraceRecorder({ runtime: task.runtime, spec: component });
    let server: ScriptedLlm | undefined;
    let app: App | undefined;
    let loadMs = 0;
    let started = performance.now();
    const state: { status?: RunStatus; messages: readonly Message[] } = { messages: [] };
    let error: { code: string; message: string } | undefined;
    try {
      if (this.plan.offline) server = await startScriptedLlm({ rules: this.rules(item, task.repeat) });
      const llm: LlmOptions | undefined = server ? { override: { url: server.url, apiKey: 'offline' } } : this.plan.llmUrl ? { override: { url: this.plan.llmUrl } } : undefined;
      const options: RuntimeLoadOptions = { tools: this.tools, signal: controller.signal, ...(llm ? { llm } : {}) };
      const loadStart = performance.now();
      app = await untilAborted(this.runtimes[task.runtime]!().load(component, options), controller.signal);
      loadMs = performance.now() - loadStart;
      started = performance.now();
      await untilAborted(drive(app.start(item.inputs ? { inputs: item.inputs } : {}), component, item, recorder, state, this.plan.confirm ?? 'approve'), controller.signal);
    } catch (e) {
      const err = e as { code?: unknown; message?: unknown };
      error = timedOut
        ? { code: 'AS_EVAL_TIMEOUT', message: `the run did not end within ${timeoutMs} ms` }
        : { code: typeof err.code === 'string' ? err.code : 'ERROR', message: String(err.message ?? e).slice(0, 2_000) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    const latencyMs = performance.now() - started;
    // offline, the scripted server counts the LLM requests of every runtime (some stream no LLM spans)
    const llmRequests = server?.requests.length;
    await Promise.race([Promise.allSettled([app?.close(), server?.close()]), sleep(2_000)]);
    const facts = traceFacts(recorder.finish());
    const status = state.status;
    return {
      ...task,
      status: error ? 'error' : status?.type ?? 'error',
      answer: shorten(error ? null : answerOf(status, state.messages, this.plan.answerOutput)),
      ...(status?.type === 'finished' && !error ? { outputs: shorten(status.outputs) as Record<string, unknown> } : {}),
      messages: shorten(state.messages) as Message[],
      trajectory: facts.trajectory.length > 0 ? facts.trajectory : trajectoryFromMessages(state.messages),
      steps: facts.steps,
      ...(error ? { error } : {}),
      latencyMs: round(latencyMs),
      loadMs: round(loadMs),
      tokens: facts.tokens,
      llmCalls: llmRequests ?? facts.llmCalls,
      ...(facts.model ? { model: facts.model } : {}),
      worker: this.worker,
      startedAt,
    };
  }

  /** The scripted rules of an item's repeat: its per-repeat rules, its own, then the dataset's. */
  private rules(item: EvalItem, repeat: number): Rule[] {
    const byRepeat = item.scriptedByRepeat ? item.scriptedByRepeat[repeat % item.scriptedByRepeat.length]! : [];
    return [...byRepeat, ...(item.scripted ?? []), ...(this.plan.dataset.scripted ?? [])];
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The spec with every LLM config replaced by `llm` (none: as it is). */
export function withLlm(spec: Component, llm: Component | undefined): Component {
  if (!llm) return spec;
  if (!FAMILIES.LlmConfig.has(llm.component_type)) throw new EvalError('AS_EVAL_CONFIG', `an LLM config of the matrix is a ${llm.component_type}, not an LLM config`);
  const replacements = new Map<Component, Component>();
  eachComponent(spec, (c) => {
    if (FAMILIES.LlmConfig.has(c.component_type)) replacements.set(c, llm);
  });
  return replaceComponents(spec, replacements);
}

/** A promise that rejects as soon as the signal aborts (a runtime that does not watch the signal cannot hold an item past its time). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Drives a session through an item: an Agent gets the first user message
 * before its first run (as `agentspec run` does); each time the run waits for
 * the user the next message is given, and the item ends when none is left;
 * ClientTool calls get the item's `toolResults`; confirmations are answered
 * `confirm`. Every run is streamed through the recorder.
 */
async function drive(session: Session, component: Component, item: EvalItem, recorder: TraceRecorder, state: { status?: RunStatus; messages: readonly Message[] }, confirm: 'approve' | 'reject'): Promise<void> {
  const messages = item.messages ?? [];
  let next = 0;
  if (component.component_type === 'Agent' && messages.length > 0) session.appendUserMessage(messages[next++]!);
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    const status = await recorder.run(session);
    state.status = status;
    state.messages = status.messages;
    if (status.type === 'finished') return;
    if (status.type === 'user_input') {
      if (next >= messages.length) return;
      session.appendUserMessage(messages[next++]!);
    } else if (status.type === 'tool_request') {
      session.appendToolResults(status.requests.map((r) => ({ id: r.id, content: item.toolResults?.[r.name] ?? null })));
    } else {
      for (const r of status.requests) session.decide(r.id, confirm);
    }
  }
  throw new EvalError('AS_EVAL_CONFIG', `the session was run ${MAX_TURNS} times without finishing or waiting for a message`);
}
