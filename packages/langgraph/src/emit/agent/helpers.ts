/**
 * Helper functions an emitted agent module carries (only those it uses, so
 * the module compiles with `noUnusedLocals`): the same semantics as
 * @agentspec/runtime, written out so that the module depends on the
 * framework packages only.
 */
import { EMIT_SNIPPETS, type SnippetName } from '@agentspec/runtime';
import { ERRORS_SNIPPETS } from './snippets/errors.js';
import { IO_SNIPPETS } from './snippets/io.js';
import { MESSAGES_SNIPPETS } from './snippets/messages.js';

/** The helpers of this emitter, and those shared by every emitter (EMIT_SNIPPETS of @agentspec/runtime). */
export type HelperName = SnippetName | 'conversation' | 'llmError' | 'missingInput' | 'serverTool' | 'http' | 'mcp';

/** Helpers each helper needs. */
export const HELPER_NEEDS: Readonly<Record<HelperName, readonly HelperName[]>> = {
  ...(Object.fromEntries(Object.entries(EMIT_SNIPPETS).map(([name, s]) => [name, s.needs])) as Record<SnippetName, readonly SnippetName[]>),
  conversation: [],
  llmError: ['codedError'],
  missingInput: ['codedError'],
  serverTool: ['codedError'],
  http: ['codedError'],
  mcp: ['codedError'],
};

/** In the order they are written. */
export const HELPER_ORDER: readonly HelperName[] = [
  'codedError', 'conversation', 'llmError', 'valueText', 'renderTemplate', 'renderDeep', 'coerceArgs', 'coerce', 'isObject', 'missingInput', 'submissionProblem',
  'toolResultText', 'serverTool', 'http', 'mcp',
];

export const HELPERS: Readonly<Record<HelperName, string>> = {
  ...(Object.fromEntries(Object.entries(EMIT_SNIPPETS).map(([name, s]) => [name, s.code])) as Record<SnippetName, string>),
  ...ERRORS_SNIPPETS,
  ...MESSAGES_SNIPPETS,
  ...IO_SNIPPETS,
};

/** The helpers `wanted` need, in writing order. */
export function helpersFor(wanted: Iterable<HelperName>): HelperName[] {
  const all = new Set<HelperName>();
  const add = (h: HelperName): void => {
    if (all.has(h)) return;
    all.add(h);
    for (const n of HELPER_NEEDS[h]) add(n);
  };
  for (const h of wanted) add(h);
  return HELPER_ORDER.filter((h) => all.has(h));
}
