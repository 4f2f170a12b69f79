import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const path = (p: string | URL): string => (p instanceof URL ? fileURLToPath(p) : p);

/**
 * Type-check `files` with `tsc --noEmit` and the compiler options of
 * `tsconfig` (the TypeScript installed where that tsconfig is): the errors
 * tsc prints, one per line (`file(line,col): error TS…: …`), or `[]` when the
 * files compile. For type-level tests (`expectTypeOf`, `satisfies`) that must
 * fail a test run, not only `pnpm typecheck`.
 */
export async function typecheck(files: readonly (string | URL)[], tsconfig: string | URL): Promise<string[]> {
  const config = path(tsconfig);
  const tsc = createRequire(config).resolve('typescript/bin/tsc');
  // beside the tsconfig's node_modules, so that its `types` resolve as they do for the project
  const dir = await mkdtemp(join(dirname(config), 'node_modules', '.typecheck-'));
  try {
    const project = join(dir, 'tsconfig.json');
    await writeFile(project, JSON.stringify({ extends: config, compilerOptions: { noEmit: true }, include: [], files: files.map(path) }));
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { maxBuffer: 16 << 20 })
      .then(() => ({ stdout: '' }), (e: { stdout?: string; message: string }) => ({ stdout: e.stdout || e.message }));
    return run.stdout.split('\n').filter((line) => line.includes('error TS') || (line.trim() !== '' && !line.startsWith(' ')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
