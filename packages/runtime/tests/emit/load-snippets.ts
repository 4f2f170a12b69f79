// The snippets of EMIT_SNIPPETS as the tests use them: written out as a module, or evaluated.
import ts from 'typescript';
import { EMIT_SNIPPETS, snippetsFor, type SnippetName } from '../../src/index.js';

/** The snippets `wanted` need, written out as one module. */
export function moduleOf(wanted: readonly SnippetName[]): string {
  const names = snippetsFor(wanted);
  const uses = names.flatMap((n) => EMIT_SNIPPETS[n].declares.filter((d) => d !== 'CodedError'));
  return `${names.map((n) => EMIT_SNIPPETS[n].code).join('\n\n')}\n\nexport { ${uses.join(', ')} };\n`;
}

/** The snippets, transpiled and evaluated: their functions by name. */
export function load(wanted: readonly SnippetName[]): Record<string, (...args: unknown[]) => unknown> {
  const js = ts.transpileModule(moduleOf(wanted), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS } }).outputText;
  const module = { exports: {} as Record<string, (...args: unknown[]) => unknown> };
  new Function('module', 'exports', js)(module, module.exports);
  return module.exports;
}
