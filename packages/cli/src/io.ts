import { readFileSync, writeFileSync } from 'node:fs';

/** Streams and file access a command uses, injectable so tests can run commands in-process. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => string;
  readonly writeFile: (path: string, text: string) => void;
  readonly isTTY: boolean;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => writeFileSync(path, text),
  isTTY: Boolean(process.stdout.isTTY),
};

/** Thrown for command-line mistakes; the CLI prints it and exits with EXIT.USAGE. */
export class UsageError extends Error {}

export function readInput(io: Io, path: string): string {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
