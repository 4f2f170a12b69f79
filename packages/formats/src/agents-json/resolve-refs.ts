import { dirname } from 'node:path';
import { formatError } from '../format-error.js';
import { isObject, type Json } from '../shape-check.js';
import { isRemote, localFile, readLocalDocument, type SourceAccess } from './source-documents.js';
import { setOwn } from '../object-fields.js';

/** Where `$ref`s are resolved from, and how their problems are reported. */
export interface RefContext {
  readonly access: SourceAccess;
  /** Local documents a `$ref` named, read once, by file. */
  readonly files: Map<string, unknown>;
  /** A ref to a URL (never fetched) or a recursive one: reported by the caller with its code. */
  readonly report: (code: 'AJ_REMOTE_REF' | 'AJ_RECURSIVE_SCHEMA', ref: string) => void;
  /** Values copied so far, against `$ref` expansion bombs (shared by every resolution of one import). */
  readonly budget: { copied: number };
}

/** Most values a resolution copies in one import (refs to refs can expand exponentially). */
const MAX_COPIED = 1_000_000;

/** Nesting of `$ref`s followed at most (deeper is treated as recursion). */
const MAX_REF_DEPTH = 64;

/**
 * A copy of `value` with every `$ref` replaced by what it points to: a
 * pointer into the same document (`#/components/…`) or into a local file
 * (`schemas.yaml#/User`, relative to the document naming it). A ref to a
 * URL is never fetched and a recursive one is cut: both become `{}` (any
 * value), reported. Keys beside a `$ref` (OpenAPI 3.1) win over the target's.
 */
export function resolveRefs(value: unknown, file: string, doc: unknown, context: RefContext): unknown {
  return walk(value, file, doc, context, []);
}

function walk(value: unknown, file: string, doc: unknown, context: RefContext, stack: readonly string[]): unknown {
  if (++context.budget.copied > MAX_COPIED) throw formatError('AS_IMPORT_PARSE', `the OpenAPI document of ${file} expands to more than ${MAX_COPIED} values once its $refs are resolved`);
  if (Array.isArray(value)) return value.map((v) => walk(v, file, doc, context, stack));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  if (typeof value.$ref === 'string') {
    const target = follow(value.$ref, file, doc, context, stack);
    if (isObject(target)) for (const [k, v] of Object.entries(target)) setOwn(out, k, v);
    else if (target !== undefined) return target;
  }
  for (const [k, v] of Object.entries(value)) if (k !== '$ref') setOwn(out, k, walk(v, file, doc, context, stack));
  return out;
}

/** The resolved value a ref points to (already walked), or `{}` when cut. */
function follow(ref: string, file: string, doc: unknown, context: RefContext, stack: readonly string[]): unknown {
  const hash = ref.indexOf('#');
  const where = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  if (where !== '' && isRemote(where)) {
    context.report('AJ_REMOTE_REF', ref);
    return {};
  }
  const targetFile = where === '' ? file : localFile(where, dirname(file));
  const key = `${targetFile}#${fragment}`;
  if (stack.includes(key) || stack.length >= MAX_REF_DEPTH) {
    context.report('AJ_RECURSIVE_SCHEMA', ref);
    return {};
  }
  let targetDoc = doc;
  if (targetFile !== file) {
    if (!context.files.has(targetFile)) context.files.set(targetFile, readLocalDocument(targetFile, `the file of $ref '${ref}'`, context.access));
    targetDoc = context.files.get(targetFile);
  }
  const target = pointerGet(targetDoc, fragment);
  if (target === undefined) throw formatError('AS_IMPORT_INVALID', `the $ref '${ref}' (in ${file}) points to nothing`);
  return walk(target, targetFile, targetDoc, context, [...stack, key]);
}

/** The value at a JSON Pointer (URI fragment form, percent-decoded), or undefined. */
function pointerGet(doc: unknown, fragment: string): unknown {
  if (fragment === '' || fragment === '/') return doc;
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  let at: unknown = doc;
  for (const raw of decoded.replace(/^\//, '').split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(at) && /^\d+$/.test(token)) at = at[Number(token)];
    else if (isObject(at) && Object.hasOwn(at, token)) at = (at as Json)[token];
    else return undefined;
  }
  return at;
}
