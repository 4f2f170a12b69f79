import type { Snippet } from './snippet.js';

/** The same as \`renderValue\` of @agentspec/runtime. */
export const valueText: Snippet<never> = {
  declares: ['valueText'],
  needs: [],
  code: `/** How a value reads in a template, a prompt or a URL: strings as they are, anything else as JSON, undefined as ''. */
function valueText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}`,
};

/** The same as \`renderTemplate\` of @agentspec/runtime. */
export const renderTemplate: Snippet<'valueText'> = {
  declares: ['renderTemplate'],
  needs: ['valueText'],
  code: `/**
 * \`{{ name }}\` placeholders replaced in one left-to-right pass: a value containing \`{{x}}\` is not rendered
 * again (no template injection), and nothing is evaluated. A placeholder without a value renders as ''.
 */
function renderTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/g, (_match, name: string) => valueText(Object.hasOwn(values, name) ? values[name] : undefined));
}`,
};

/** The same as \`renderDeep\` of @agentspec/runtime. */
export const renderDeep: Snippet<'renderTemplate'> = {
  declares: ['renderDeep'],
  needs: ['renderTemplate'],
  code: `/** Every string inside a JSON value rendered (object keys too), keeping its structure. */
function renderDeep(value: unknown, values: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === 'string') return renderTemplate(value, values);
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, values));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, renderTemplate(k, values), { value: renderDeep(v, values), enumerable: true, writable: true, configurable: true });
  }
  return out;
}`,
};

/** The same as \`toolResultText\` of @agentspec/runtime. */
export const toolResultText: Snippet<never> = {
  declares: ['toolResultText'],
  needs: [],
  code: `/** A tool result as the tool message the LLM reads: strings as they are, anything else as JSON. */
function toolResultText(result: unknown): string {
  return typeof result === 'string' ? result : JSON.stringify(result ?? null);
}`,
};
