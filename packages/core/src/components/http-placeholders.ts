import type { Property } from '../model/types.js';
import { placeholdersDeep, placeholdersIn } from '../semantics/placeholders.js';
import { findProperty } from '../semantics/properties.js';
import { props, type CheckContext } from './handler.js';

const TEMPLATED = ['url', 'headers', 'query_params', 'data'] as const;

/** Placeholders of an ApiNode/RemoteTool: in url, headers, query_params and data (nested). */
export function httpPlaceholders(c: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const f of TEMPLATED) placeholdersDeep(c[f], names);
  return names;
}

/** Every placeholder of every templated field must be an input (extra inputs are allowed). */
export function checkHttpPlaceholders(ctx: CheckContext, c: { readonly inputs?: readonly Property[] | null } & object): void {
  const inputs = props(c.inputs);
  const record = c as Record<string, unknown>;
  for (const f of TEMPLATED) {
    const value = record[f];
    const names = typeof value === 'string' ? placeholdersIn(value) : placeholdersDeep(value);
    const missing = names.filter((n) => !findProperty(inputs, n));
    if (missing.length > 0) {
      ctx.report('AS_PLACEHOLDER_NO_INPUT', c, [f], `placeholder(s) ${missing.map((n) => `{{${n}}}`).join(', ')} in ${f} have no input`, `add input properties titled ${missing.join(', ')}`);
    }
  }
}
