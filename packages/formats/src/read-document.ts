import { isMap, isScalar, parseAllDocuments, visit, type Document } from 'yaml';
import { formatError } from './format-error.js';

/** Limits of the documents an importer reads (they are untrusted input). */
export interface ReadLimits {
  /** Largest text accepted, in UTF-16 code units. Default 16 MiB. */
  readonly maxBytes?: number;
  /** Most YAML aliases accepted (alias-bomb guard). Default 100. */
  readonly maxAliases?: number;
  /** Deepest nesting accepted. Default 256. */
  readonly maxDepth?: number;
}

const DEFAULTS = { maxBytes: 16 * 1024 * 1024, maxAliases: 100, maxDepth: 256 };

/**
 * The plain value of a JSON or YAML text, within limits: one document, no
 * custom tags, `__proto__` an ordinary key. Problems are AS_IMPORT_PARSE
 * naming `what`.
 */
export function readDocument(text: string, what: string, limits: ReadLimits = {}): unknown {
  const { maxBytes, maxAliases, maxDepth } = { ...DEFAULTS, ...limits };
  if (text.length > maxBytes) throw formatError('AS_IMPORT_PARSE', `${what} has ${text.length} characters; the limit is ${maxBytes}`);
  let value: unknown;
  try {
    value = looksLikeJson(text) ? JSON.parse(text) : parseYaml(text, maxAliases);
  } catch (e) {
    throw formatError('AS_IMPORT_PARSE', `${what} is not well-formed JSON or YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (depthOver(value, maxDepth)) throw formatError('AS_IMPORT_PARSE', `${what} nests deeper than ${maxDepth} levels`);
  return value;
}

/** JSON (read by `JSON.parse`, as core's loader does: fast, iterative, the last of duplicate keys wins) when the text opens an object or array. */
function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[';
}

/** One YAML document, no duplicate keys, aliases bounded. */
function parseYaml(text: string, maxAliases: number): unknown {
  // duplicate keys are found by duplicateKey() in linear time (the parser's own check is quadratic in a mapping's keys)
  const docs = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false, strict: true, merge: false });
  if (!Array.isArray(docs)) throw new Error('not a YAML stream');
  if (docs.length !== 1) throw new Error(docs.length === 0 ? 'it is empty' : `it holds ${docs.length} documents; one is expected`);
  const doc = docs[0]!;
  const problem = doc.errors[0];
  if (problem) throw new Error(problem.message);
  const duplicate = duplicateKey(doc);
  if (duplicate !== undefined) throw new Error(`the key '${duplicate.slice(0, 60)}' appears twice in one mapping`);
  return doc.toJS({ maxAliasCount: maxAliases });
}

/** A key that appears twice in one mapping, if any. */
function duplicateKey(doc: Document.Parsed): string | undefined {
  let found: string | undefined;
  visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return undefined;
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : JSON.stringify(pair.key);
        if (seen.has(key)) {
          found = key;
          return visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  return found;
}

function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= max) return true;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}
