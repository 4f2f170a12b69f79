/** The `${…}` placeholders of a case's spec text (CASES.md, "Local servers"). */
import type { ServerName } from '../case-types.js';

/** `${name}` placeholders of the spec text, and the server each needs. */
export const PLACEHOLDERS: Readonly<Record<string, ServerName>> = {
  'http': 'http',
  'mcp-http': 'mcp-http',
  'mcp-sse': 'mcp-sse',
  'mcp-stdio-command': 'mcp-stdio',
  'mcp-stdio-args': 'mcp-stdio',
  'mcp-stdio-script': 'mcp-stdio',
  'a2a': 'a2a',
  'a2a-blocking': 'a2a-blocking',
  'a2a-auth': 'a2a-auth',
};

const PLACEHOLDER = /\$\{(http|mcp-http|mcp-sse|mcp-stdio-command|mcp-stdio-args|mcp-stdio-script|a2a|a2a-blocking|a2a-auth)\}/g;

/** The placeholders a spec text uses. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Replaces every known `${name}`; a placeholder without a value is an error. */
export function substitute(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${whole} is used but its server was not started`);
    return value;
  });
}
