import { formatError } from '../format-error.js';
import { isObject, type Json } from '../shape-check.js';
import { applyOverride } from './apply-override.js';
import { findOperation, requiredSecurity, serverUrl } from './openapi-operation.js';
import type { AjOverride } from './read-agents-json.js';
import { resolveRefs, type RefContext } from './resolve-refs.js';
import type { OpenApiDocument } from './source-documents.js';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface OperationParameter {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  /** JSON Schema of the value (of its first media type when given by `content`). */
  readonly schema: Json;
  readonly description?: string;
  readonly style?: string;
  readonly explode?: boolean;
  /** Serialized by a media type (`content`) rather than a style. */
  readonly byContent: boolean;
}

/** How a request body is sent: JSON, a form, raw text, or another media type (sent as JSON). */
export type BodyKind = 'json' | 'form' | 'text' | 'other';

/** An operation ready to become an ApiNode: `$ref`s resolved, overrides applied, path-level parameters merged. */
export interface PreparedOperation {
  readonly sourceId: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** `<source id>:<JSON Pointer of the operation>`. */
  readonly at: string;
  readonly serverUrl: string;
  readonly severalServers: boolean;
  /** The security alternatives required (empty: none). */
  readonly security: readonly string[];
  readonly summary?: string;
  readonly parameters: readonly OperationParameter[];
  readonly body?: { readonly media: string; readonly kind: BodyKind; readonly schema: Json; readonly required: boolean };
  /** The success response's JSON Schema, when it has a body (`json`: a JSON media type). */
  readonly response?: { readonly media: string; readonly json: boolean; readonly schema: Json };
  /** Indexes of the overrides applied; of the others that targeted it, why not. */
  readonly applied: readonly number[];
  readonly failed: readonly { readonly index: number; readonly why: string }[];
}

const LOCATIONS: readonly string[] = ['path', 'query', 'header', 'cookie'];
const isJsonMedia = (m: string) => /^application\/([\w.+-]+\+)?json(;|$)/i.test(m) || m === '*/*';

/** Find, resolve and override an operation of a source. */
export function prepareOperation(source: OpenApiDocument, operationId: string, overrides: readonly AjOverride[], serverGiven: string | undefined, refs: RefContext): PreparedOperation {
  const found = findOperation(source, operationId);
  const operation = resolveRefs(found.operation, source.file, source.doc, refs) as Record<string, unknown>;
  const applied: number[] = [];
  const failed: { index: number; why: string }[] = [];
  for (const o of overrides) {
    if (o.sourceId !== source.sourceId || o.operationId !== operationId) continue;
    if (applyOverride(operation, o.fieldPath, o.value)) applied.push(o.index);
    else failed.push({ index: o.index, why: `'${o.fieldPath}' does not exist in operation '${operationId}'` });
  }
  const pathParams = resolveRefs(found.pathItem.parameters ?? [], source.file, source.doc, refs);
  const parameters = mergeParameters(Array.isArray(pathParams) ? pathParams : [], Array.isArray(operation.parameters) ? operation.parameters : [], source.sourceId, operationId);
  const server = serverUrl(source, found, serverGiven);
  const summary = typeof operation.summary === 'string' ? operation.summary : typeof operation.description === 'string' ? operation.description : undefined;
  const body = requestBody(operation.requestBody);
  const response = successResponse(operation.responses);
  return {
    sourceId: source.sourceId, operationId, method: found.method.toUpperCase(), path: found.path, at: `${source.sourceId}:${found.at}`,
    serverUrl: server.url, severalServers: server.several, security: requiredSecurity(source.doc, operation),
    ...(summary !== undefined ? { summary } : {}), parameters, ...(body ? { body } : {}), ...(response ? { response } : {}), applied, failed,
  };
}

/** Path-item parameters, replaced by operation parameters of the same name and location. */
function mergeParameters(pathLevel: readonly unknown[], operationLevel: readonly unknown[], sourceId: string, operationId: string): OperationParameter[] {
  const byKey = new Map<string, OperationParameter>();
  for (const raw of [...pathLevel, ...operationLevel]) {
    if (!isObject(raw) || typeof raw.name !== 'string' || typeof raw.in !== 'string' || !LOCATIONS.includes(raw.in)) {
      throw formatError('AS_IMPORT_INVALID', `operation '${operationId}' of source '${sourceId}' has a parameter without a name or a location (path, query, header, cookie): ${JSON.stringify(raw)?.slice(0, 120)}`);
    }
    const content = isObject(raw.content) ? Object.values(raw.content).find(isObject) : undefined;
    const schema = isObject(raw.schema) ? raw.schema : isObject(content?.schema) ? content.schema : {};
    byKey.set(`${raw.in}:${raw.name}`, {
      name: raw.name,
      in: raw.in as ParameterLocation,
      required: raw.in === 'path' || raw.required === true,
      schema,
      byContent: content !== undefined,
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      ...(typeof raw.style === 'string' ? { style: raw.style } : {}),
      ...(typeof raw.explode === 'boolean' ? { explode: raw.explode } : {}),
    });
  }
  return [...byKey.values()];
}

function requestBody(value: unknown): PreparedOperation['body'] {
  if (!isObject(value) || !isObject(value.content)) return undefined;
  const medias = Object.keys(value.content);
  const media = medias.find(isJsonMedia) ?? medias.find((m) => /^application\/x-www-form-urlencoded/i.test(m)) ?? medias.find((m) => /^text\//i.test(m)) ?? medias[0];
  if (media === undefined) return undefined;
  const entry = value.content[media];
  const kind: BodyKind = isJsonMedia(media) ? 'json' : /^application\/x-www-form-urlencoded/i.test(media) ? 'form' : /^text\//i.test(media) ? 'text' : 'other';
  return { media, kind, schema: isObject(entry) && isObject(entry.schema) ? entry.schema : {}, required: value.required === true };
}

const SUCCESS = ['200', '201', '202', '203', '2XX', '2xx'];

function successResponse(value: unknown): PreparedOperation['response'] {
  if (!isObject(value)) return undefined;
  const codes = Object.keys(value);
  const code = SUCCESS.find((c) => codes.includes(c)) ?? codes.find((c) => /^2\d\d$/.test(c)) ?? (codes.includes('default') ? 'default' : undefined);
  const response = code === undefined ? undefined : value[code];
  if (!isObject(response) || !isObject(response.content)) return undefined;
  const medias = Object.keys(response.content);
  const media = medias.find(isJsonMedia) ?? medias[0];
  if (media === undefined) return undefined;
  const entry = response.content[media];
  return { media, json: isJsonMedia(media), schema: isObject(entry) && isObject(entry.schema) ? entry.schema : {} };
}
