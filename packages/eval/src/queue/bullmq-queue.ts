import { createHash } from 'node:crypto';
import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Runtime, ToolRegistry } from '@agentspec/runtime';
import { EvalError } from '../errors.js';
import type { EvalPlan, EvalTask } from '../run/eval-plan.js';
import { ItemRunner, type ItemRun } from '../run/item-runner.js';
import type { Executor } from '../run/run-eval.js';

/** The BullMQ queue runs go through unless named otherwise. */
export const DEFAULT_QUEUE = 'agentspec-eval';
/** How long a plan stays in Redis (workers fetch it by id). */
const PLAN_TTL_S = 7 * 24 * 3600;

/** What a job carries: the plan's id (the plan itself is stored once, by id) and the task. */
export interface EvalJob {
  readonly planId: string;
  readonly task: EvalTask;
}

const planKey = (name: string, id: string) => `${name}:plan:${id}`;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A Redis URL with its password hidden, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://…';
  }
}

/**
 * A Redis connection that is ready; AS_EVAL_QUEUE (and the connection
 * dropped) when Redis cannot be reached within `ms`.
 */
async function connectReady(url: string, ms = 10_000): Promise<Redis> {
  // BullMQ's blocking commands need maxRetriesPerRequest: null
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  if (redis.status === 'ready') return redis;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new EvalError('AS_EVAL_QUEUE', `cannot reach Redis at ${redactRedisUrl(url)} within ${ms} ms`)), ms);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (e) {
    redis.disconnect();
    throw e;
  }
  return redis;
}

export interface QueueOptions {
  readonly url: string;
  /** The BullMQ queue (default `agentspec-eval`). */
  readonly name?: string;
  /** Told how many runs were queued, before waiting for them. */
  readonly onWaiting?: (queued: number) => void;
}

/**
 * An executor that runs tasks on queue workers: the plan is stored once in
 * Redis, one BullMQ job per task is added (its id derived from the plan and
 * the task, so adding it again — a resumed eval — adds nothing), and each
 * job's result is handed over as it completes (also the results of jobs that
 * completed while no coordinator was listening). A job that fails on a
 * worker becomes a run with the error `AS_EVAL_QUEUE`.
 */
export async function queueExecutor(plan: EvalPlan, options: QueueOptions): Promise<{ executor: Executor; close: () => Promise<void> }> {
  const name = options.name ?? DEFAULT_QUEUE;
  const connection = await connectReady(options.url);
  const queue = new Queue<EvalJob>(name, { connection });
  const eventsConnection = connection.duplicate();
  const events = new QueueEvents(name, { connection: eventsConnection });
  const text = JSON.stringify(plan);
  const planId = sha(text).slice(0, 24);
  const executor: Executor = async (tasks, onRun, signal) => {
    await events.waitUntilReady();
    await connection.set(planKey(name, planId), text, 'EX', PLAN_TTL_S);
    const byJob = new Map(tasks.map((t) => [`${planId}-${sha(t.key).slice(0, 24)}`, t]));
    const delivered = new Set<string>();
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const deliver = async (jobId: string, run: ItemRun) => {
      if (!byJob.has(jobId) || delivered.has(jobId)) return;
      delivered.add(jobId);
      await onRun(run);
      if (delivered.size === byJob.size) finish();
    };
    const failedRun = (task: EvalTask, reason: string): ItemRun => ({
      ...task, status: 'error', answer: null, messages: [], trajectory: [], steps: [], error: { code: 'AS_EVAL_QUEUE', message: `the job failed on its worker: ${reason}` },
      latencyMs: 0, loadMs: 0, attempts: 1, tokens: null, llmCalls: 0, worker: 'queue', startedAt: new Date().toISOString(),
    });
    const chain: Promise<unknown>[] = [];
    const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) => {
      chain.push(deliver(jobId, (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as ItemRun));
    };
    const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
      const task = byJob.get(jobId);
      if (task) chain.push(deliver(jobId, failedRun(task, failedReason)));
    };
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
    const onAbort = () => finish();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await queue.addBulk([...byJob].map(([jobId, task]) => ({
        name: 'run',
        data: { planId, task },
        opts: { jobId, removeOnComplete: { age: PLAN_TTL_S }, removeOnFail: { age: PLAN_TTL_S } },
      })));
      options.onWaiting?.(byJob.size);
      // jobs that ended before we listened (an earlier coordinator queued them)
      // (the state first, then the job: a job read while active has no return value yet)
      for (const jobId of byJob.keys()) {
        const state = await queue.getJobState(jobId);
        if (state !== 'completed' && state !== 'failed') continue;
        const job = await Job.fromId<EvalJob, ItemRun>(queue, jobId);
        if (state === 'completed' && job?.returnvalue) chain.push(deliver(jobId, job.returnvalue));
        else if (state === 'failed' && job) chain.push(deliver(jobId, failedRun(byJob.get(jobId)!, job.failedReason)));
      }
      if (byJob.size === 0) finish();
      await done;
      await Promise.all(chain);
    } finally {
      events.off('completed', onCompleted);
      events.off('failed', onFailed);
      signal?.removeEventListener('abort', onAbort);
    }
  };
  return {
    executor,
    close: async () => {
      await Promise.allSettled([events.close(), queue.close()]);
      eventsConnection.disconnect();
      connection.disconnect();
    },
  };
}

export interface WorkerOptions {
  readonly url: string;
  readonly name?: string;
  /** Runs at once on this worker (default 1). */
  readonly concurrency?: number;
  /** How long a job stays locked without a heartbeat before another worker takes it over (default 30 000 ms). */
  readonly lockMs?: number;
  /** Runtime factories for the names a plan uses (the CLI passes its registry's). */
  readonly runtimes: (names: readonly string[]) => Promise<Readonly<Record<string, () => Runtime>>>;
  /** The ServerTool implementations of a plan's tools module (its path, or undefined). */
  readonly tools?: (path: string | undefined) => Promise<ToolRegistry>;
  /** A line per job started and finished (`start <key>`, `done <key> <status>`). */
  readonly onEvent?: (line: string) => void;
}

export interface EvalWorker {
  /** `host/pid`: what results name as their worker. */
  readonly id: string;
  readonly queue: string;
  /** Finishes the runs in hand and leaves the queue. */
  close(): Promise<void>;
}

/**
 * A queue worker: takes jobs, fetches their plan (once per plan), runs the
 * task with an {@link ItemRunner} (the same as a local run) and returns the
 * run as the job's result. A worker that dies loses its lock after
 * `lockMs`; another worker's stalled check puts the job back and runs it.
 */
export async function startWorker(options: WorkerOptions): Promise<EvalWorker> {
  const name = options.name ?? DEFAULT_QUEUE;
  const connection = await connectReady(options.url);
  const runners = new Map<string, Promise<ItemRunner>>();
  const runnerFor = (planId: string): Promise<ItemRunner> => {
    let r = runners.get(planId);
    if (!r) {
      r = (async () => {
        const text = await connection.get(planKey(name, planId));
        if (text === null) throw new EvalError('AS_EVAL_QUEUE', `the plan ${planId} is not in Redis (expired, or another Redis)`);
        const plan = JSON.parse(text) as EvalPlan;
        const tools = options.tools ? await options.tools(plan.toolsModule) : {};
        return new ItemRunner(plan, await options.runtimes(plan.runtimes), tools);
      })();
      r.catch(() => runners.delete(planId));
      runners.set(planId, r);
    }
    return r;
  };
  const lockMs = options.lockMs ?? 30_000;
  const workerConnection = connection.duplicate();
  const worker = new Worker<EvalJob, ItemRun>(name, async (job) => {
    const runner = await runnerFor(job.data.planId);
    options.onEvent?.(`start ${job.data.task.key}`);
    const run = await runner.run(job.data.task);
    options.onEvent?.(`done ${job.data.task.key} ${run.status}${run.error ? ` ${run.error.code}` : ''}`);
    return run;
  }, { connection: workerConnection, concurrency: options.concurrency ?? 1, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: 3 });
  await worker.waitUntilReady();
  return {
    id: `${(await import('node:os')).hostname()}/${process.pid}`,
    queue: name,
    close: async () => {
      await worker.close();
      workerConnection.disconnect();
      connection.disconnect();
    },
  };
}
