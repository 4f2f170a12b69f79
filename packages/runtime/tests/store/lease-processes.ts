/**
 * Leases taken by other processes (the built runtime, `dist/`: run
 * `pnpm --filter @agentspec/runtime build` first): a child that acquires and
 * holds until told to go, or one that acquires and is killed with SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNTIME = new URL('../../dist/index.js', import.meta.url).href;

/** `store` is a SQLite path or PostgreSQL URL; `file:` + path is a JSON file (a file lease). */
function script(target: string, name: string, then: 'hold' | 'kill' | 'exit'): string {
  const acquire = target.startsWith('file:')
    ? `const lease = await rt.acquireFileLease(${JSON.stringify(target.slice(5))}, { ttlMs: 600000 });`
    : `const store = await rt.openSessionStore(${JSON.stringify(target)}); const lease = await store.acquire(${JSON.stringify(name)}, { ttlMs: 600000 });`;
  const after = {
    // hold until stdin ends, then release and close
    hold: `process.stdin.resume(); await new Promise((r) => process.stdin.on('end', r)); await lease.release(); ${target.startsWith('file:') ? '' : 'await store.close();'}`,
    kill: `process.kill(process.pid, 'SIGKILL');`,
    exit: `process.exit(0);`,
  }[then];
  return `const rt = await import(${JSON.stringify(RUNTIME)});
try { ${acquire} console.log('acquired ' + lease.token); ${after} }
catch (e) { console.log((e.code ?? 'ERROR') + ' ' + e.message); process.exit(e.code === 'AS_SESSION_BUSY' ? 75 : 1); }`;
}

export interface Child {
  readonly process: ChildProcess;
  /** The first line it printed: `acquired <token>` or `<CODE> <message>`. */
  readonly said: Promise<string>;
  readonly exited: Promise<number | null>;
}

/** A child process that acquires the lease of `name` in `target`, then holds it (until stdin ends), is killed, or exits. */
export function leaseChild(target: string, name: string, then: 'hold' | 'kill' | 'exit'): Child {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script(target, name, then)], { stdio: ['pipe', 'pipe', 'inherit'], cwd: fileURLToPath(new URL('.', import.meta.url)) });
  let out = '';
  const said = new Promise<string>((resolve) => {
    child.stdout?.setEncoding('utf8').on('data', (t: string) => {
      out += t;
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('close', () => resolve(out.trim()));
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { process: child, said, exited };
}
