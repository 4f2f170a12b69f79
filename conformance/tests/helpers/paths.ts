import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/** The runner's own cases (conformance/cases/_selftest_). */
export const SELFTEST_DIR = fileURLToPath(new URL('../../cases/_selftest_', import.meta.url));

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = 'conformance-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Writes files (path → text) under a new temporary directory and returns it. */
export function writeTree(files: Readonly<Record<string, string>>, root = tempDir()): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A copy of the self-test cases in a temporary `<root>/cases`, with `known-gaps/` beside it; returns the cases dir. */
export function copySelftest(extra: Readonly<Record<string, string>> = {}): string {
  const root = tempDir();
  cpSync(SELFTEST_DIR, join(root, 'cases'), { recursive: true });
  writeTree(extra, root);
  return join(root, 'cases');
}
