import { isObject } from '../shape-check.js';
import { setOwn } from '../object-fields.js';

/**
 * Set the field at `fieldPath` (dot notation, array indices as numbers:
 * `parameters.0.required`) of an operation, creating missing objects on the
 * way. False when the path runs through a value that is not an object or
 * array, or past the end of an array (nothing changed).
 */
export function applyOverride(operation: Record<string, unknown>, fieldPath: string, value: unknown): boolean {
  const segments = fieldPath.split('.');
  if (segments.some((s) => s === '')) return false;
  let at: unknown = operation;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (Array.isArray(at)) {
      if (!/^\d+$/.test(segment)) return false;
      const index = Number(segment);
      if (index > at.length || (index === at.length && !last)) return false;
      if (last) at[index] = structuredClone(value);
      else at = at[index];
    } else if (isObject(at)) {
      const object = at as Record<string, unknown>;
      if (last) setOwn(object, segment, structuredClone(value));
      else {
        if (!Object.hasOwn(object, segment) || object[segment] === undefined || object[segment] === null) setOwn(object, segment, {});
        at = object[segment];
      }
    } else {
      return false;
    }
  }
  return true;
}
