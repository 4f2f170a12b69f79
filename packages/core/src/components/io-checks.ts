import type { Property } from '../model/types.js';
import { canCast, describeType, findProperty, stringProperty } from '../semantics/properties.js';
import { placeholdersAreTitles, placeholdersIn } from '../semantics/placeholders.js';
import type { CheckContext } from './handler.js';

export interface InferredOptions {
  readonly allowExtra?: boolean;
  readonly skipMissing?: boolean;
  readonly anyType?: boolean;
  readonly narrowing?: boolean;
}

const NO_OPTIONS: InferredOptions = Object.freeze({});

/** The branches of a node that has only `next` (shared by the checks: never modified). */
export const NEXT_ONLY: readonly string[] = Object.freeze(['next']);

/**
 * Compare declared inputs/outputs with the ones a component infers: the names
 * must be the same set and each inferred type castable to the declared one.
 * `skipMissing` lets template nodes report absent placeholders separately;
 * `anyType` is for placeholders, whose declared type is free (any value renders);
 * `narrowing` accepts a declared type narrower than the inferred one (a MapNode
 * input declared as the list, or as the item, of its `Union[T, List[T]]`).
 */
export function checkInferred(
  ctx: CheckContext,
  component: object,
  field: 'inputs' | 'outputs',
  declared: readonly Property[],
  inferred: readonly Property[],
  options: InferredOptions = NO_OPTIONS,
): void {
  // the list of problems is made only when there is one (this runs for most nodes of every flow)
  let problems: string[] | undefined;
  for (const inf of inferred) {
    const dec = findProperty(declared, inf.title);
    if (!dec) {
      if (!options.skipMissing) (problems ??= []).push(`'${inf.title}' is missing`);
    } else if (!options.anyType && !canCast(inf, dec) && !(options.narrowing && canCast(dec, inf))) {
      (problems ??= []).push(`'${inf.title}' is ${describeType(inf)} but declared ${describeType(dec)}`);
    }
  }
  if (!options.allowExtra) {
    for (const dec of declared) {
      if (!findProperty(inferred, dec.title)) (problems ??= []).push(`'${dec.title}' is not one the component has`);
    }
  }
  if (problems !== undefined) {
    const expected = inferred.map((p) => p.title).join(', ') || 'none';
    ctx.report('AS_IO_MISMATCH', component, [field], `declared ${field} do not match the inferred ones (${expected}): ${problems.join('; ')}`);
  }
}

const PLACEHOLDER_INPUTS: InferredOptions = Object.freeze({ skipMissing: true, anyType: true });

/**
 * A template node's placeholders and inputs: each placeholder an input
 * (checkPlaceholders), each input a placeholder (checkPlaceholderInputs).
 * When they are the same names, as in most nodes, nothing is made.
 */
export function checkTemplate(ctx: CheckContext, component: object, field: string, template: string, inputs: readonly Property[]): void {
  if (placeholdersAreTitles(template, inputs)) return;
  const names = placeholdersIn(template);
  checkPlaceholders(ctx, component, field, names, inputs);
  checkPlaceholderInputs(ctx, component, inputs, names);
}

/**
 * The inputs of a template node against its placeholders (checkInferred with
 * skipMissing and anyType: a declared input that is no placeholder is the only
 * problem). The placeholders' properties are made only when there is one.
 */
function checkPlaceholderInputs(ctx: CheckContext, component: object, declared: readonly Property[], names: readonly string[]): void {
  let all = true;
  for (let i = 0; i < declared.length && all; i++) {
    const p = declared[i] as unknown;
    all = typeof p === 'object' && p !== null && !Array.isArray(p) && names.includes((p as Property).title);
  }
  if (!all) checkInferred(ctx, component, 'inputs', declared, names.map((x) => stringProperty(x)), PLACEHOLDER_INPUTS);
}

/** Report each placeholder of a template that has no input of that name. */
export function checkPlaceholders(
  ctx: CheckContext,
  component: object,
  field: string,
  names: readonly string[],
  inputs: readonly Property[],
): void {
  if (allFound(names, inputs)) return;
  const missing = names.filter((n) => !findProperty(inputs, n));
  if (missing.length > 0) {
    ctx.report(
      'AS_PLACEHOLDER_NO_INPUT',
      component,
      [field],
      `placeholder${missing.length > 1 ? 's' : ''} ${missing.map((n) => `{{${n}}}`).join(', ')} ha${missing.length > 1 ? 've' : 's'} no input`,
      `add an input property titled ${missing.map((n) => `'${n}'`).join(', ')}`,
    );
  }
}

/** Whether every name is the title of one of the properties (no list made for the common yes). */
export function allFound(names: readonly string[], properties: readonly Property[]): boolean {
  for (let i = 0; i < names.length; i++) if (!findProperty(properties, names[i] as string)) return false;
  return true;
}

/** Declared branches must be the inferred ones (as a set). */
export function checkBranches(ctx: CheckContext, component: object, declared: readonly string[], inferred: readonly string[]): void {
  if (sameList(declared, inferred)) return;
  const a = new Set(declared);
  const b = new Set(inferred);
  if (a.size !== b.size || [...a].some((x) => !b.has(x))) {
    ctx.report('AS_BRANCHES_MISMATCH', component, ['branches'], `declared branches [${declared.join(', ')}] differ from the inferred [${inferred.join(', ')}]`);
  }
}

/** Whether two lists hold the same items in the same order (then the same set). */
function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Check two property lists are identical (names and schemas), for StartNode/EndNode. */
export function sameProperties(a: readonly Property[], b: readonly Property[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((p) => {
    const q = findProperty(b, p.title);
    return q !== undefined && (p === q || sameJson(p, q) || stableJson(p) === stableJson(q));
  });
}

/**
 * Whether two JSON values are the same value written with their keys in the
 * same order: then their stableJson is the same (a quick yes; no says nothing).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], y[i])) return false;
    return true;
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  if (kx.length !== ky.length) return false;
  for (let i = 0; i < kx.length; i++) {
    const k = kx[i] as string;
    if (k !== ky[i] || !sameJson(x[k], y[k])) return false;
  }
  return true;
}

function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : val,
  );
}
