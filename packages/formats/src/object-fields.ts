import type { Json } from './shape-check.js';

/** The fields of `value` not in `known`. */
export function extraFields(value: Json, known: readonly string[]): Json {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!known.includes(k)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** `{ [key]: value }` when the value is defined, else `{}` (for spreading optional fields). */
export function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
