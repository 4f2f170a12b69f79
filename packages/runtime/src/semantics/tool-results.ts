import type { Property } from '@agentspec/core';
import { RuntimeError, type ErrorSite } from '../errors.js';

/**
 * Map a tool result to a ToolNode's outputs (DESIGN §4.2): one output → the
 * result (or the value under that output's name if the result is an object
 * with exactly that key); several outputs → keys of the returned object, a key
 * it lacks is simply not written; anything else is AS_TOOL_RESULT_SHAPE.
 */
export function mapToolResult(result: unknown, outputs: readonly Property[] | null | undefined, site: ErrorSite): Record<string, unknown> {
  const props = outputs ?? [];
  if (props.length === 0) return {};
  const isObj = typeof result === 'object' && result !== null && !Array.isArray(result);
  if (props.length === 1) {
    const title = (props[0] as Property).title;
    if (isObj && Object.keys(result).length === 1 && Object.hasOwn(result, title)) return { [title]: (result as Record<string, unknown>)[title] };
    return { [title]: result };
  }
  if (!isObj) {
    throw new RuntimeError('AS_TOOL_RESULT_SHAPE', `the tool returned ${Array.isArray(result) ? 'an array' : typeof result}, but ${props.length} outputs need an object with their names as keys`, site);
  }
  const out: Record<string, unknown> = {};
  for (const p of props) if (Object.hasOwn(result, p.title)) out[p.title] = (result as Record<string, unknown>)[p.title];
  return out;
}

/** The text of a tool result as a tool message: strings as-is, anything else as JSON. */
export function toolResultText(result: unknown): string {
  return typeof result === 'string' ? result : JSON.stringify(result ?? null);
}
