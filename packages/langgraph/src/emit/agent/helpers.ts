/**
 * Helper functions an emitted agent module carries (only those it uses, so
 * the module compiles with `noUnusedLocals`): the same semantics as
 * @agentspec/runtime, written out so that the module depends on the
 * framework packages only.
 */
import { COERCION_SNIPPETS } from './snippets/coercion.js';
import { ERRORS_SNIPPETS } from './snippets/errors.js';
import { IO_SNIPPETS } from './snippets/io.js';
import { MESSAGES_SNIPPETS } from './snippets/messages.js';

export type HelperName =
  | 'error' | 'conversation' | 'llmError' | 'render' | 'coerce' | 'coerceArgs' | 'missingInput' | 'submission' | 'resultText'
  | 'serverTool' | 'http' | 'mcp';

/** Helpers each helper needs. */
export const HELPER_NEEDS: Readonly<Record<HelperName, readonly HelperName[]>> = {
  error: [],
  conversation: [],
  llmError: ['error'],
  render: [],
  coerce: [],
  coerceArgs: ['coerce'],
  missingInput: ['error'],
  submission: [],
  resultText: [],
  serverTool: ['error'],
  http: ['error'],
  mcp: ['error'],
};

/** In the order they are written. */
export const HELPER_ORDER: readonly HelperName[] = [
  'error', 'conversation', 'llmError', 'render', 'coerce', 'coerceArgs', 'missingInput', 'submission', 'resultText', 'serverTool', 'http', 'mcp',
];

export const HELPERS: Readonly<Record<HelperName, string>> = { ...ERRORS_SNIPPETS, ...MESSAGES_SNIPPETS, ...COERCION_SNIPPETS, ...IO_SNIPPETS };

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
