import type { Property } from '../model/types.js';
import { placeholdersDeep, placeholdersIn, placeholdersTitled } from '../semantics/placeholders.js';
import { findProperty } from '../semantics/properties.js';
import { props, type CheckContext } from './handler.js';
import { allFound } from './io-checks.js';

const TEMPLATED = ['url', 'headers', 'query_params', 'data'] as const;

/** Placeholders of an ApiNode/RemoteTool: in url, headers, query_params and data (nested). */
export function httpPlaceholders(c: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const f of TEMPLATED) placeholdersDeep(c[f], names);
  return names;
}

/** Whether a JSON value holds `{{` in a string or key (no list made of the many fields that hold none). */
function hasPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{');
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasPlaceholder(value[i])) return true;
    return false;
  }
  for (const k in value) if (Object.hasOwn(value, k) && (k.includes('{{') || hasPlaceholder((value as Record<string, unknown>)[k]))) return true;
  return false;
}

/** Every placeholder of every templated field must be an input (extra inputs are allowed). */
export function checkHttpPlaceholders(ctx: CheckContext, c: { readonly inputs?: readonly Property[] | null } & object): void {
  const inputs = props(c.inputs);
  const record = c as Record<string, unknown>;
  for (const f of TEMPLATED) {
    const value = record[f];
    if (!hasPlaceholder(value) || (typeof value === 'string' && placeholdersTitled(value, inputs))) continue;
    const names = typeof value === 'string' ? placeholdersIn(value) : placeholdersDeep(value);
    if (allFound(names, inputs)) continue;
    const missing = names.filter((n) => !findProperty(inputs, n));
    if (missing.length > 0) {
      ctx.report('AS_PLACEHOLDER_NO_INPUT', c, [f], `placeholder(s) ${missing.map((n) => `{{${n}}}`).join(', ')} in ${f} have no input`, `add input properties titled ${missing.join(', ')}`);
    }
  }
}
