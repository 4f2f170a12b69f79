import type { Json } from './shape-check.js';

/** The fields of `value` not in `known`. */
export function extraFields(value: Json, known: readonly string[]): Json {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!known.includes(k)) setOwn(out, k, v);
  return out;
}

/** `{ [key]: value }` when the value is defined, else `{}` (for spreading optional fields). */
export function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** `target[key] = value` as an own data property, also for `__proto__` (which an assignment would make the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
