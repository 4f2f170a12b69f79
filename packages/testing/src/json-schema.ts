/**
 * A small JSON Schema validator: enough of draft 2020-12 to check the
 * structured answers of a test script against the schema a framework sends
 * (`type` incl. type arrays and `nullable`, `enum`, `const`, `properties`,
 * `required`, `additionalProperties`, `items`, `prefixItems`, `anyOf`,
 * `oneOf`, `allOf`, local `$ref`, and the common length / range bounds).
 * Unknown keywords are ignored.
 */

export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

export interface SchemaViolation {
  /** JSON Pointer of the offending value, `''` for the root. */
  readonly path: string;
  readonly message: string;
}

const MAX_DEPTH = 200;

type Obj = Readonly<Record<string, unknown>>;

interface Context {
  readonly root: JsonSchema;
  readonly out: SchemaViolation[];
}

/** Every way `value` breaks `schema`; an empty list means it validates. */
export function validateJsonSchema(value: unknown, schema: JsonSchema): SchemaViolation[] {
  const out: SchemaViolation[] = [];
  check(value, schema, '', { root: schema, out }, 0);
  return out;
}

/** `"/a/0: must be string, got number; …"`, or `''` when there is nothing to report. */
export function formatViolations(violations: readonly SchemaViolation[]): string {
  return violations.map((v) => `${v.path === '' ? '(root)' : v.path}: ${v.message}`).join('; ');
}

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'null': return value === null;
    case 'array': return Array.isArray(value);
    case 'object': return isObject(value);
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'string': return typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    default: return true; // unknown type names are not ours to judge
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) || Array.isArray(node) ? (node as Obj)[key] : undefined;
  }
  return typeof node === 'boolean' || isObject(node) ? node : undefined;
}

function check(value: unknown, schema: JsonSchema, path: string, ctx: Context, depth: number): void {
  const fail = (message: string): void => void ctx.out.push({ path, message });
  if (schema === true) return;
  if (schema === false) return fail('no value is allowed here');
  if (depth > MAX_DEPTH) return fail('schema nesting too deep (recursive $ref?)');

  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, ctx.root);
    if (target === undefined) return fail(`cannot resolve $ref ${schema.$ref}`);
    check(value, target, path, ctx, depth + 1);
  }
  if (!checkType(value, schema, fail)) return;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) {
    fail(`must be one of ${JSON.stringify(schema.enum)}, got ${JSON.stringify(value)}`);
  }
  if ('const' in schema && !deepEqual(schema.const, value)) {
    fail(`must be ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`);
  }
  checkCombinators(value, schema, path, ctx, depth, fail);
  if (typeof value === 'string') checkString(value, schema, fail);
  if (typeof value === 'number') checkNumber(value, schema, fail);
  if (Array.isArray(value)) checkArray(value, schema, path, ctx, depth, fail);
  if (isObject(value)) checkObject(value, schema, path, ctx, depth, fail);
}

function checkType(value: unknown, schema: Obj, fail: (m: string) => void): boolean {
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? [...(schema.type as unknown[])] : [schema.type];
  if (schema.nullable === true) types.push('null');
  if (types.some((t) => hasType(value, t))) return true;
  fail(`must be ${types.join(' or ')}, got ${typeOf(value)}`);
  return false;
}

function checkCombinators(
  value: unknown, schema: Obj, path: string, ctx: Context, depth: number, fail: (m: string) => void,
): void {
  const branchErrors = (branches: unknown[]): SchemaViolation[][] =>
    branches.map((branch) => {
      const out: SchemaViolation[] = [];
      check(value, branch as JsonSchema, path, { root: ctx.root, out }, depth + 1);
      return out;
    });
  const describe = (results: SchemaViolation[][]): string =>
    results.map((errors, i) => `[${i}] ${formatViolations(errors)}`).join(' | ');
  if (Array.isArray(schema.anyOf)) {
    const results = branchErrors(schema.anyOf);
    if (!results.some((errors) => errors.length === 0)) fail(`must match a schema in anyOf: ${describe(results)}`);
  }
  if (Array.isArray(schema.oneOf)) {
    const results = branchErrors(schema.oneOf);
    const passing = results.filter((errors) => errors.length === 0).length;
    if (passing === 0) fail(`must match a schema in oneOf: ${describe(results)}`);
    if (passing > 1) fail(`must match exactly one schema in oneOf, matched ${passing}`);
  }
  if (Array.isArray(schema.allOf)) {
    for (const branch of schema.allOf) check(value, branch as JsonSchema, path, ctx, depth + 1);
  }
}

function checkString(value: string, schema: Obj, fail: (m: string) => void): void {
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) fail(`must have at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) fail(`must have at most ${schema.maxLength} characters`);
  if (typeof schema.pattern === 'string' && compilePattern(schema.pattern)?.test(value) === false) {
    fail(`must match pattern ${schema.pattern}`);
  }
}

function compilePattern(source: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, flags);
    } catch {
      // try the next flags; a pattern that never compiles is not checked
    }
  }
  return undefined;
}

function checkNumber(value: number, schema: Obj, fail: (m: string) => void): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum) fail(`must be >= ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && value > schema.maximum) fail(`must be <= ${schema.maximum}`);
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) fail(`must be > ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) fail(`must be < ${schema.exclusiveMaximum}`);
}

function checkArray(
  value: readonly unknown[], schema: Obj, path: string, ctx: Context, depth: number, fail: (m: string) => void,
): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) fail(`must have at least ${schema.minItems} items`);
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) fail(`must have at most ${schema.maxItems} items`);
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? undefined : (schema.items as JsonSchema | undefined);
  value.forEach((item, i) => {
    const itemSchema = i < tuple.length ? (tuple[i] as JsonSchema) : rest;
    if (itemSchema !== undefined) check(item, itemSchema, pointer(path, i), ctx, depth + 1);
  });
}

function checkObject(
  value: Obj, schema: Obj, path: string, ctx: Context, depth: number, fail: (m: string) => void,
): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) {
      if (typeof key === 'string' && !Object.hasOwn(value, key)) fail(`missing required property "${key}"`);
    }
  }
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) {
      check(item, properties[key] as JsonSchema, pointer(path, key), ctx, depth + 1);
    } else if (schema.additionalProperties === false) {
      fail(`unexpected property "${key}" (additionalProperties is false)`);
    } else if (isObject(schema.additionalProperties)) {
      check(item, schema.additionalProperties, pointer(path, key), ctx, depth + 1);
    }
  }
}
