import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The package folder. */
export const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** TypeScript → ES module JavaScript, without type checking (fast). */
export function transpile(code: string, fileName: string): string {
  return ts.transpileModule(code, {
    fileName,
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  }).outputText;
}

/**
 * Transpiles `src/` into a fresh folder under this package's `node_modules/.cache`
 * (so that `yaml` and `openai` resolve from there) and returns its path: the
 * bin and README examples then run in a real Node process without a build.
 */
export async function transpileSources(): Promise<string> {
  const cache = join(packageDir, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const out = await mkdtemp(join(cache, 'scripted-llm-'));
  await writeFile(join(out, 'package.json'), '{ "type": "module" }\n');
  for (const file of await readdir(join(packageDir, 'src'))) {
    const code = await readFile(join(packageDir, 'src', file), 'utf8');
    await writeFile(join(out, file.replace(/\.ts$/, '.js')), transpile(code, file));
  }
  return out;
}
