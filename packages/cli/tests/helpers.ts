import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, type Io } from '../src/index.js';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process against real files. */
export async function cli(...argv: string[]): Promise<Ran> {
  return cliWithInput([], ...argv);
}

/** Run the CLI in-process with scripted stdin lines. */
export async function cliWithInput(lines: readonly string[], ...argv: string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  let next = 0;
  const io: Io = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: (p, t) => writeFileSync(p, t),
    isTTY: false,
    interactive: false,
    readLine: async () => lines[next++],
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

export function tempFiles(files: Record<string, string>): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return (name) => join(dir, name);
}
