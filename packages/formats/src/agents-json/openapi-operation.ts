import { formatError } from '../format-error.js';
import { pointer } from '../format-warning.js';
import { isObject, type Json } from '../shape-check.js';
import type { OpenApiDocument } from './source-documents.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An operation found by its operationId, not yet resolved. */
export interface FoundOperation {
  readonly method: (typeof HTTP_METHODS)[number];
  readonly path: string;
  readonly pathItem: Json;
  readonly operation: Json;
  /** JSON Pointer of the operation in its document. */
  readonly at: string;
}

/** The operation with that operationId (AS_IMPORT_INVALID listing the ones there are when none has it). */
export function findOperation(source: OpenApiDocument, operationId: string): FoundOperation {
  const found: string[] = [];
  for (const [path, item] of Object.entries(source.doc.paths as Json)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      if (operation.operationId === operationId) return { method, path, pathItem: item, operation, at: pointer('paths', path, method) };
      if (typeof operation.operationId === 'string') found.push(operation.operationId);
    }
  }
  throw formatError('AS_IMPORT_INVALID', `source '${source.sourceId}' has no operation '${operationId}' (its operations: ${found.slice(0, 30).join(', ') || 'none with an operationId'})`);
}

/**
 * The base URL an operation is called at: the `serverUrls` option, else the
 * first server of the operation, its path item, or the document, with its
 * variables at their defaults. `several` when more than one was listed.
 */
export function serverUrl(source: OpenApiDocument, found: FoundOperation, given: string | undefined): { url: string; several: boolean } {
  if (given !== undefined) return { url: checkAbsolute(given, source.sourceId, '--server-url'), several: false };
  const lists = [found.operation.servers, found.pathItem.servers, source.doc.servers];
  const servers = lists.find((l) => Array.isArray(l) && l.length > 0) as unknown[] | undefined;
  const first = servers?.[0];
  if (!isObject(first) || typeof first.url !== 'string') {
    throw formatError('AS_IMPORT_NO_SERVER', `source '${source.sourceId}' lists no server for operation '${String(found.operation.operationId)}'`, `pass its base URL: --server-url ${source.sourceId}=https://… (the serverUrls option)`);
  }
  const variables = isObject(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = variables[name];
    return isObject(v) && v.default !== undefined ? String(v.default) : whole;
  });
  return { url: checkAbsolute(url, source.sourceId, 'servers'), several: (servers?.length ?? 0) > 1 };
}

function checkAbsolute(url: string, sourceId: string, from: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || url.includes('{')) {
    throw formatError('AS_IMPORT_NO_SERVER', `the server URL '${url}' of source '${sourceId}' (from ${from}) is not an absolute http(s) URL`, `pass its base URL: --server-url ${sourceId}=https://… (the serverUrls option)`);
  }
  return url.replace(/\/+$/, '');
}

/**
 * The security schemes an operation cannot be called without, described
 * ("bearerAuth (http bearer)"), one string per alternative; none when it
 * declares no security or one alternative is empty (optional).
 */
export function requiredSecurity(doc: Json, operation: Json): string[] {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  if (requirements.length === 0 || requirements.some((r) => isObject(r) && Object.keys(r).length === 0)) return [];
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  return requirements.filter(isObject).map((r) => Object.keys(r).map((name) => `${name} (${describeScheme(schemes[name])})`).join(' + '));
}

function describeScheme(scheme: unknown): string {
  if (!isObject(scheme)) return 'undeclared';
  if (scheme.type === 'http') return `http ${String(scheme.scheme ?? '')}`.trim();
  if (scheme.type === 'apiKey') return `apiKey in ${String(scheme.in)} '${String(scheme.name)}'`;
  return String(scheme.type);
}
