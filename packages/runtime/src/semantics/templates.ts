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
  return templateRenderer(template)(values);
}

/**
 * renderTemplate of one template, its placeholders found once: for a
 * template rendered on every run (an LlmNode's prompt, compiled).
 */
export function templateRenderer(template: string): (values: Readonly<Record<string, unknown>>) => string {
  if (!template.includes('{{')) return () => template;
  // texts[i] before names[i]; the text after the last placeholder last
  const texts: string[] = [];
  const names: string[] = [];
  let from = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    texts.push(template.slice(from, m.index));
    names.push(m[1] as string);
    from = m.index + m[0].length;
  }
  if (names.length === 0) return () => template;
  const tail = template.slice(from);
  return (values) => {
    let out = '';
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      out += (texts[i] as string) + (Object.hasOwn(values, name) ? renderValue(values[name]) : '');
    }
    return out + tail;
  };
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
