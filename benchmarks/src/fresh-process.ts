// Fresh node processes whose setup overlaps and whose measures do not. A
// benchmark that measures in fresh processes (a runtime per process, a first
// load per process) spends most of its time starting them: node, the imports
// of a framework, an app loaded and warmed up. Here each child does its setup,
// says `ready` on stdout and waits for a line on stdin before it measures:
// the parent starts `jobs` children at once (their setups share the cores),
// waits until all are ready, then lets them measure one at a time, each alone
// on the machine but for the idle others. A child's last stdout line is its
// result.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

const READY = 'ready';

/** Children set up at once: as many as there are cores (BENCH_SETUP_JOBS), at least 1. */
export const SETUP_JOBS = Math.max(1, Number(process.env.BENCH_SETUP_JOBS ?? availableParallelism()));

/** In the child: says it is ready, then resolves once the parent says go; at once in a process not started by inFreshProcesses. */
export async function whenTold(): Promise<void> {
  const gated = process.env.BENCH_GATED === '1';
  delete process.env.BENCH_GATED; // not for the processes this one starts
  if (!gated) return;
  process.stdout.write(`${READY}\n`);
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  lines.close();
  process.stdin.unref?.();
}

/** A child to run: node arguments, extra environment, a name for errors, and whether its stderr goes to this process's. */
export interface FreshProcess {
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly what: string;
  readonly inheritStderr?: boolean;
}

export interface Gated {
  /** Resolves once the child is set up and waits to be told. */
  readonly ready: Promise<void>;
  /** Lets the child measure; resolves with its last stdout line once it has exited 0. */
  go(): Promise<string>;
  readonly child: ChildProcess;
}

/** Starts a child that sets up and waits (see whenTold). */
export function spawnGated({ args, env = {}, what, inheritStderr = false }: FreshProcess): Gated {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, BENCH_GATED: '1' }, stdio: ['pipe', 'pipe', inheritStderr ? 'inherit' : 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.startsWith(`${READY}\n`)) {
        child.stdout!.off('data', check);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`${what} exited ${String(code)} before it was ready: ${err.slice(-2000)}`)), reject);
  });
  ready.catch(() => {}); // reported by go() or by the wait for the batch
  return {
    ready,
    child,
    async go() {
      child.stdin!.end('go\n');
      const code = await exited;
      if (code !== 0) throw new Error(`${what} exited ${String(code)}: ${err.slice(-2000)}`);
      return out.trim().split('\n').at(-1) ?? '';
    },
  };
}

/**
 * The children, `jobs` at a time set up together (see the top of this file),
 * then measured one after the other in the order given; their last stdout
 * lines, in that order.
 */
export async function inFreshProcesses(children: readonly FreshProcess[], jobs = SETUP_JOBS): Promise<string[]> {
  const results: string[] = [];
  for (let i = 0; i < children.length; i += jobs) {
    const batch = children.slice(i, i + jobs).map(spawnGated);
    try {
      await Promise.all(batch.map((g) => g.ready));
      for (const g of batch) results.push(await g.go());
    } finally {
      for (const g of batch) if (g.child.exitCode === null) g.child.kill();
    }
  }
  return results;
}
