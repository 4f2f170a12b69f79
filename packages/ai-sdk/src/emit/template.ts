import { key, literal, str, templateText } from '@agentspec/runtime/emit';

/** `{{ name }}` placeholders, as the runtime renders them (DESIGN §4.2). */
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Whether a template has placeholders. */
export function hasPlaceholders(template: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(template);
}

/**
 * A template as a TypeScript expression rendering it in one pass: a string
 * literal without placeholders, else a template literal whose placeholders
 * are `${valueText(<value of name>)}` (`valueOf` gives the expression of a
 * placeholder's value). Substituted text is never rendered again.
 */
export function templateExpression(template: string, valueOf: (name: string) => string, multiline = false): string {
  if (!hasPlaceholders(template) && !(multiline && template.includes('\n'))) return str(template);
  const whole = new RegExp(`^${PLACEHOLDER.source}$`).exec(template);
  if (whole) return `valueText(${valueOf(whole[1] as string)})`;
  let out = '';
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    out += templateText(template.slice(last, m.index)) + '${valueText(' + valueOf(m[1] as string) + ')}';
    last = m.index + m[0].length;
  }
  return `\`${out}${templateText(template.slice(last))}\``;
}

/** A JSON value of a spec (RemoteTool data, headers, query params) with every string rendered from `valueOf`, keys included. */
export function renderedLiteral(value: unknown, valueOf: (name: string) => string, indent = ''): string {
  if (typeof value === 'string') return templateExpression(value, valueOf);
  if (value === null || typeof value !== 'object') return literal(value, indent);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${renderedLiteral(v, valueOf, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const parts = entries.map(([k, v]) => {
    const name = hasPlaceholders(k) ? `[${templateExpression(k, valueOf)}]` : key(k);
    return `${inner}${name}: ${renderedLiteral(v, valueOf, inner)},`;
  });
  return `{\n${parts.join('\n')}\n${indent}}`;
}
