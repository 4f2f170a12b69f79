import { placeholdersIn } from '@agentspec/core';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The text a value renders as: strings as they are, anything else as JSON. */
export function renderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * Render `{{ name }}` placeholders in one left-to-right pass (DESIGN §4.2).
 * Substituted text is never rendered again, so a value containing `{{x}}`
 * stays literal: no template injection, and nothing is ever evaluated.
 * A placeholder without a value renders as the empty string.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
  if (!template.includes('{{')) return template;
  return template.replace(PLACEHOLDER, (_m, name: string) => (Object.hasOwn(values, name) ? renderValue(values[name]) : ''));
}

/** Render every string inside a JSON value (object keys included), keeping its structure. */
export function renderDeep(value: unknown, values: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === 'string') return renderTemplate(value, values);
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, values));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const key = renderTemplate(k, values);
      if (key === '__proto__') Object.defineProperty(out, key, { value: renderDeep(v, values), enumerable: true, writable: true, configurable: true });
      else out[key] = renderDeep(v, values);
    }
    return out;
  }
  return value;
}

export { placeholdersIn };
