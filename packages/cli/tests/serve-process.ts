import { spawn, type ChildProcess } from 'node:child_process';
import { BIN, ROOT } from './bin-process.js';

/** `agentspec serve …` in a child process, once it printed where it listens. */
export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

export function startServe(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const onData = (t: string) => {
      out += t;
      const m = / at (http:\/\/\S+)\n/.exec(out);
      if (m) resolve({ url: m[1] as string, child, output: () => out, stop: async () => (child.kill('SIGTERM'), exited) });
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (t: string) => (out += t));
    child.on('error', reject);
    void exited.then((code) => reject(new Error(`agentspec serve exited (${String(code)}) before listening:\n${out}`)));
  });
}
