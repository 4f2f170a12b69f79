import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { UsageError } from './errors.js';

/** Streams and file access a command uses, injectable so tests can run commands in-process. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => string;
  readonly writeFile: (path: string, text: string) => void;
  readonly isTTY: boolean;
  /** Whether answers come from a person at a terminal (prompts are shown) or from a script on stdin. */
  readonly interactive?: boolean;
  /** The next line of input (after showing `question` when interactive); undefined at end of input. */
  readonly readLine?: (question: string) => Promise<string | undefined>;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => {
    // written whole or not at all (a crash mid-write leaves the old file): a temporary file renamed over it
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, text);
      renameSync(temporary, path);
    } catch (e) {
      rmSync(temporary, { force: true });
      throw new UsageError(`cannot write ${path}: ${fileProblem(e)}`, { code: 'AS_CANNOT_WRITE' });
    }
  },
  isTTY: Boolean(process.stdout.isTTY),
  interactive: Boolean(process.stdin.isTTY),
  readLine: stdinLines(),
};

/** Lines of stdin, read lazily: a prompt on a terminal, the next scripted line otherwise. */
function stdinLines(): (question: string) => Promise<string | undefined> {
  let lines: AsyncIterator<string> | undefined;
  return async (question) => {
    if (!lines) {
      const { createInterface } = await import('node:readline');
      const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stderr : undefined, terminal: Boolean(process.stdin.isTTY) });
      lines = rl[Symbol.asyncIterator]();
    }
    if (process.stdin.isTTY) process.stderr.write(question);
    const next = await lines.next();
    return next.done ? undefined : next.value;
  };
}

export { CliError, UsageError } from './errors.js';

export function readInput(io: Io, path: string): string {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${fileProblem(e)}`, { code: 'AS_FILE_NOT_FOUND' });
  }
}

/** A JSON file named on the command line (`what` says what it must hold); AS_NOT_JSON when it does not parse. */
export function readJson(io: Io, path: string, what: string): unknown {
  const text = readInput(io, path);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path} is not JSON (${what}): ${(e as Error).message}`, { code: 'AS_NOT_JSON' });
  }
}

/** A file system error in words. */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file or folder' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : code ?? (e as Error).message;
}
