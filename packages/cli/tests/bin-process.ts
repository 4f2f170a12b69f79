import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run the built `agentspec` in a child process (from the repository root unless `cwd`), stdin empty or `input`. */
export function agentspec(args: readonly string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}): Exited {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT, input: options.input ?? '', encoding: 'utf8', env: { ...process.env, ...options.env }, timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Same, without blocking the event loop (for runs that talk to a server of this process). */
export function agentspecAsync(args: readonly string[], options: { input?: string } = {}): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** What no user mistake may print: an internal error, or a JavaScript stack trace. */
export const NOT_A_BUG = /internal error|AS_INTERNAL|^\s+at \S/m;
