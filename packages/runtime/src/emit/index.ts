// TypeScript source text that the framework emitters write into the modules
// they emit: one copy of each helper, the same semantics as the functions of
// this package.
import { coerce, coerceArgs, isObject } from './coercion.js';
import { codedError } from './errors.js';
import { submissionProblem } from './outputs.js';
import type { Snippet, SnippetName } from './snippet.js';
import { renderDeep, renderTemplate, toolResultText, valueText } from './text.js';

/** Every snippet, in the order an emitter writes them (a new name breaks the build until listed). */
export const EMIT_SNIPPETS: { readonly [K in SnippetName]: Snippet } = {
  codedError,
  valueText,
  renderTemplate,
  renderDeep,
  toolResultText,
  submissionProblem,
  coerceArgs,
  coerce,
  isObject,
};

/** `wanted` and the snippets they need, in EMIT_SNIPPETS order. */
export function snippetsFor(wanted: Iterable<SnippetName>): SnippetName[] {
  const all = new Set<SnippetName>();
  const add = (name: SnippetName): void => {
    if (all.has(name)) return;
    all.add(name);
    for (const n of EMIT_SNIPPETS[name].needs) add(n);
  };
  for (const name of wanted) add(name);
  return (Object.keys(EMIT_SNIPPETS) as SnippetName[]).filter((n) => all.has(n));
}

export { outputRules, type OutputRule } from './outputs.js';
export type { Snippet, SnippetName } from './snippet.js';
