import type { Document } from 'yaml';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Limits } from './limits.js';
import { jsonErrorOffset } from './json-error.js';
import { MIN_EXPANSION_BUDGET } from './limits.js';
import { lineColumn, lineIndex } from './positions.js';
import { inspectYaml } from './yaml-nodes.js';
import { yamlLib } from './yaml-lib.js';

export type Format = 'json' | 'yaml';

export interface Parsed {
  readonly format: Format;
  readonly value?: unknown;
  readonly diagnostics: Diagnostic[];
  /** Kept for locating diagnostics in YAML documents. */
  readonly yaml?: Document.Parsed;
  /** Line and column of an offset in the text (YAML: computed once, binary search). */
  readonly where?: (offset: number) => { line: number; column: number };
}

/** JSON when the first significant character opens an object or array; YAML otherwise. */
export function detectFormat(text: string): Format {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) continue;
    return c === 0x7b || c === 0x5b ? 'json' : 'yaml';
  }
  return 'yaml';
}

/** Parse JSON or YAML text within the limits; problems come back as diagnostics, never thrown. */
export function parseText(text: string, limits: Limits, format: Format = detectFormat(text)): Parsed {
  if (text.length > limits.maxBytes) {
    return { format, diagnostics: [diagnostic('AS_LIMIT_SIZE', '', `the document has ${text.length} characters; the limit is ${limits.maxBytes}`, { hint: 'raise limits.maxBytes if this document is trusted' })] };
  }
  return format === 'json' ? parseJson(text) : parseYaml(text, limits);
}

function parseJson(text: string): Parsed {
  // JSON.parse is iterative in V8: deep nesting is caught while reading components (maxDepth).
  try {
    return { format: 'json', value: JSON.parse(text), diagnostics: [] };
  } catch (e) {
    const message = (e as Error).message;
    const m = /at position (\d+)/.exec(message);
    const offset = m ? Number(m[1]) : jsonErrorOffset(text);
    const { line, column } = lineColumn(text, offset);
    const clean = message.replace(/ in JSON at position \d+.*$/, '').replace(/, ".*" is not valid JSON$/s, '').replace(/^Unexpected end of JSON input$/, 'unexpected end of input');
    return { format: 'json', diagnostics: [diagnostic('AS_PARSE_JSON', '', `malformed JSON: ${clean}`, { line, column })] };
  }
}

function parseYaml(text: string, limits: Limits): Parsed {
  let doc: Document.Parsed;
  const where = lineIndex(text);
  try {
    // uniqueKeys is quadratic in the keys of a mapping: duplicates are found by inspectYaml instead
    doc = yamlLib().parseDocument(text, { uniqueKeys: false, prettyErrors: false, strict: true });
  } catch (e) {
    return { format: 'yaml', diagnostics: [diagnostic('AS_PARSE_YAML', '', `malformed YAML: ${(e as Error).message}`)] };
  }
  if (doc.errors.length > 0) {
    const diagnostics = doc.errors.map((err) => {
      const first = err.message.split('\n')[0] ?? err.message;
      const { line, column } = where(err.pos[0]);
      return diagnostic('AS_PARSE_YAML', '', `malformed YAML: ${first}`, { line, column });
    });
    return { format: 'yaml', diagnostics };
  }
  const seen = inspectYaml(doc, limits.maxDepth);
  if (seen.tooDeep) {
    return { format: 'yaml', diagnostics: [diagnostic('AS_LIMIT_DEPTH', '', `the document nests deeper than ${limits.maxDepth} levels`)] };
  }
  if (seen.duplicates.length > 0) {
    const diagnostics = seen.duplicates.map((offset) => diagnostic('AS_PARSE_YAML', '', 'malformed YAML: Map keys must be unique', where(offset)));
    return { format: 'yaml', diagnostics };
  }
  const budget = Math.max(MIN_EXPANSION_BUDGET, limits.maxExpansion * text.length);
  if (seen.expandedSize > budget) {
    return {
      format: 'yaml',
      diagnostics: [diagnostic('AS_LIMIT_EXPANSION', '', `the YAML document's aliases expand it to about ${seen.expandedSize} characters; the limit is ${budget} (${limits.maxExpansion}× its ${text.length})`, {
        hint: 'raise limits.maxExpansion if this document is trusted',
      })],
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch (e) {
    const message = (e as Error).message;
    if (/alias/i.test(message)) {
      return { format: 'yaml', diagnostics: [diagnostic('AS_LIMIT_ALIASES', '', `the YAML document expands more aliases than allowed (${limits.maxAliases})`, { hint: 'raise limits.maxAliases if this document is trusted' })] };
    }
    if (e instanceof RangeError) {
      return { format: 'yaml', diagnostics: [diagnostic('AS_LIMIT_DEPTH', '', `the document nests deeper than can be read`)] };
    }
    return { format: 'yaml', diagnostics: [diagnostic('AS_PARSE_YAML', '', `malformed YAML: ${message}`)] };
  }
  if (valueDepth(value, limits.maxDepth) > limits.maxDepth) {
    return { format: 'yaml', diagnostics: [diagnostic('AS_LIMIT_DEPTH', '', `the document nests deeper than ${limits.maxDepth} levels`)] };
  }
  return { format: 'yaml', value, diagnostics: [], yaml: doc, where };
}

/** Depth of a parsed value (iterative, stops past `limit`). */
export function valueDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    const depth = d + 1;
    if (depth > max && (max = depth) > limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return max;
}
