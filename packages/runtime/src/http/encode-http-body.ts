import { renderValue } from '../semantics/templates.js';

/** Methods that send a body even when `data` is the empty object. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A request body and the content type it implies (when the headers set none). */
export interface EncodedBody {
  readonly body: string;
  readonly contentType?: string;
}

/**
 * Encode a rendered `data` value as a request body (DESIGN §4.2): a string is
 * the raw body; an object or array is JSON, or a form when `contentType` is
 * `application/x-www-form-urlencoded`; numbers and booleans are JSON. No body
 * for GET and HEAD, for null/undefined data, nor for an empty object unless
 * the method is POST, PUT or PATCH.
 */
export function encodeHttpBody(method: string, data: unknown, contentType: string | undefined): EncodedBody | undefined {
  if (method === 'GET' || method === 'HEAD' || data === undefined || data === null) return undefined;
  if (typeof data === 'string') return { body: data };
  if (isEmptyObject(data) && !BODY_METHODS.has(method)) return undefined;
  if (typeof data === 'object' && isFormType(contentType)) return { body: formEncode(data as object) };
  return { body: JSON.stringify(data), contentType: 'application/json' };
}

/** Whether a content type (parameters allowed) is the URL-encoded form type. */
export function isFormType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * URL-encode the entries of an object (or the items of an array, keyed by
 * index): arrays repeat their key, nested objects are sent as JSON, null and
 * undefined values are left out.
 */
export function formEncode(data: object): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) appendParam(form, key, value);
  return form.toString();
}

/** Append one parameter: arrays repeat the key, null/undefined are skipped, non-strings as JSON. */
export function appendParam(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== undefined && item !== null) params.append(key, renderValue(item));
    return;
  }
  params.append(key, renderValue(value));
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
