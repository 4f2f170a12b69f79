import type { Property } from '@agentspec/core';
import { RuntimeError, type ErrorSite } from '../errors.js';

/**
 * Map a decoded response body to the outputs of an ApiNode / RemoteTool
 * (DESIGN §4.2): several outputs take the keys of the response JSON object
 * (a key the body lacks is not written); one output takes the value under its
 * name when the body is an object with that key, else the whole body. Several
 * outputs and a body that is not an object is AS_TOOL_RESULT_SHAPE.
 */
export function mapHttpResult(body: unknown, outputs: readonly Property[] | null | undefined, site: ErrorSite = {}): Record<string, unknown> {
  const props = outputs ?? [];
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const out: Record<string, unknown> = {};
  if (props.length === 1) {
    const title = (props[0] as Property).title;
    const keyed = isObject && Object.hasOwn(body, title);
    define(out, title, keyed ? (body as Record<string, unknown>)[title] : body);
    return out;
  }
  if (props.length === 0) return out;
  if (!isObject) {
    const kind = Array.isArray(body) ? 'an array' : typeof body === 'string' ? 'text' : typeof body;
    throw new RuntimeError('AS_TOOL_RESULT_SHAPE', `the HTTP response is ${kind}, but ${props.length} outputs need a JSON object with their names as keys`, site);
  }
  for (const p of props) if (Object.hasOwn(body, p.title)) define(out, p.title, (body as Record<string, unknown>)[p.title]);
  return out;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
