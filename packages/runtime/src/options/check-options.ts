import { RuntimeError } from '../errors.js';
import { closestKey, describeRule, describeValue, isObject, type OptionRule, type OptionShape } from './option-rules.js';

/**
 * Options given to a runtime factory or to `load()` that it does not take: an
 * unknown key (`key` is its path, `expected` names the key it most likely
 * means, or the keys taken), or a value of the wrong kind (`expected` says
 * what it takes). Code `AS_OPTIONS_INVALID`.
 */
export class OptionsError extends RuntimeError {
  /** The option's path, e.g. `llm.override.baseURL`. */
  readonly key: string;
  /** The key meant, or what the option takes. */
  readonly expected: string;

  constructor(message: string, key: string, expected: string, hint?: string) {
    super('AS_OPTIONS_INVALID', message, {}, hint ? { hint } : undefined);
    this.name = 'OptionsError';
    this.key = key;
    this.expected = expected;
  }
}

/**
 * Check options against their shape and throw an {@link OptionsError} at the
 * first mistake, naming `where` (e.g. `referenceRuntime`), the bad key and
 * what was expected. `elsewhere` names keys that belong to another call (a
 * load option given to the factory), for the hint. Undefined values are
 * skipped, as if absent.
 */
export function checkOptions(where: string, options: unknown, shape: OptionShape, elsewhere: Readonly<Record<string, string>> = {}): void {
  if (options === undefined) return;
  if (!isObject(options)) throw new OptionsError(`${where}: options must be an object, not ${describeValue(options)}`, '', 'an object');
  checkShape(where, options, shape, [], elsewhere);
}

function checkShape(where: string, value: Record<string, unknown>, shape: OptionShape, path: readonly string[], elsewhere: Readonly<Record<string, string>>, required: readonly string[] = []): void {
  const known = Object.keys(shape);
  for (const [key, v] of Object.entries(value)) {
    const at = [...path, key].join('.');
    if (!Object.hasOwn(shape, key)) {
      const meant = closestKey(key, known);
      const moved = path.length === 0 ? elsewhere[key] : undefined;
      const message = `${where}: unknown option '${at}'${meant ? `; did you mean '${[...path, meant].join('.')}'?` : ''}`;
      throw new OptionsError(message, at, meant ?? known.join(', '), moved ?? `the options${path.length ? ` of '${path.join('.')}'` : ''} are: ${known.join(', ') || 'none'}`);
    }
    if (v !== undefined) checkValue(where, v, shape[key]!, [...path, key], elsewhere);
  }
  for (const key of required) {
    if (value[key] === undefined) {
      const at = [...path, key].join('.');
      throw new OptionsError(`${where}: option '${at}' is required (${describeRule(shape[key]!)})`, at, describeRule(shape[key]!));
    }
  }
}

function checkValue(where: string, value: unknown, rule: OptionRule, path: readonly string[], elsewhere: Readonly<Record<string, string>>): void {
  if (fits(value, rule)) {
    if (typeof rule === 'object' && 'shape' in rule) checkShape(where, value as Record<string, unknown>, rule.shape, path, elsewhere, rule.required);
    else if (typeof rule === 'object' && 'record' in rule) for (const [k, v] of Object.entries(value as object)) checkValue(where, v, rule.record, [...path, k], elsewhere);
    else if (typeof rule === 'object' && 'list' in rule) (value as unknown[]).forEach((v, i) => checkValue(where, v, rule.list, [...path, String(i)], elsewhere));
    else if (typeof rule === 'object' && 'anyOf' in rule) {
      const shaped = rule.anyOf.find((r) => typeof r === 'object' && 'shape' in r && fits(value, r));
      if (shaped) checkValue(where, value, shaped, path, elsewhere);
    }
    return;
  }
  const at = path.join('.');
  throw new OptionsError(`${where}: option '${at}' must be ${describeRule(rule)}, not ${describeValue(value)}`, at, describeRule(rule));
}

/** Whether a value is of the kind a rule takes (the keys inside a shape are checked after). */
function fits(value: unknown, rule: OptionRule): boolean {
  switch (rule) {
    case 'any': return true;
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'count': return Number.isSafeInteger(value) && (value as number) >= 0;
    case 'boolean': return typeof value === 'boolean';
    case 'function': return typeof value === 'function';
    case 'object': return typeof value === 'object' && value !== null;
    case 'signal': return typeof AbortSignal !== 'undefined' && value instanceof AbortSignal;
  }
  if ('oneOf' in rule) return rule.oneOf.includes(value as string);
  // a shape is a plain object of options; an instance (a checkpointer, a model) fits only an 'object' rule
  if ('shape' in rule) return isObject(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));
  if ('record' in rule) return isObject(value);
  if ('list' in rule) return Array.isArray(value);
  return rule.anyOf.some((r) => fits(value, r));
}
