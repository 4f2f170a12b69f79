/**
 * Small helpers that check plain data read from YAML and collect every problem
 * with the JSON Pointer of the bad key, so a malformed case says all that is
 * wrong with it at once.
 */

export type Obj = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Appends an escaped reference token to a JSON Pointer (RFC 6901). */
export function pointer(base: string, token: string | number): string {
  return `${base}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

export class Problems {
  readonly list: string[] = [];
  private readonly seen = new Set<string>();

  add(path: string, message: string): void {
    this.seen.add(path);
    this.list.push(`${path || '(top level)'}: ${message}`);
  }

  /** A wrong type, unless the key already has a problem (a missing key is not also of the wrong type). */
  private wrong(path: string, message: string): void {
    if (!this.seen.has(path)) this.add(path, message);
  }

  /** An object with only `allowed` keys and every `required` key; undefined (and a problem) otherwise. */
  object(value: unknown, path: string, allowed: readonly string[], required: readonly string[] = []): Obj | undefined {
    if (!isObject(value)) {
      this.wrong(path, `must be an object, not ${describe(value)}`);
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.add(pointer(path, key), `unknown key (expected one of: ${allowed.join(', ')})`);
    }
    for (const key of required) if (value[key] === undefined) this.add(pointer(path, key), 'is required');
    return value;
  }

  /** An object with any keys (outputs, inputs, args, JSON Schemas). */
  record(value: unknown, path: string): Obj | undefined {
    if (isObject(value)) return value;
    this.wrong(path, `must be an object, not ${describe(value)}`);
    return undefined;
  }

  array(value: unknown, path: string): readonly unknown[] | undefined {
    if (!Array.isArray(value)) {
      this.wrong(path, `must be a list, not ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  string(value: unknown, path: string): string | undefined {
    if (typeof value === 'string') return value;
    this.wrong(path, `must be a string, not ${describe(value)}`);
    return undefined;
  }

  optionalString(value: unknown, path: string): string | undefined {
    return value === undefined ? undefined : this.string(value, path);
  }

  strings(value: unknown, path: string): string[] {
    const items = this.array(value, path) ?? [];
    return items.flatMap((item, i) => this.string(item, pointer(path, i)) ?? []);
  }

  oneOf<T extends string>(value: unknown, path: string, options: readonly T[]): T | undefined {
    if (typeof value === 'string' && (options as readonly string[]).includes(value)) return value as T;
    this.wrong(path, `must be one of ${options.join(', ')}, not ${describe(value)}`);
    return undefined;
  }

  count(value: unknown, path: string): number | undefined {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
    this.wrong(path, `must be a whole number >= 0, not ${describe(value)}`);
    return undefined;
  }

  flag(value: unknown, path: string): boolean {
    if (value === undefined) return false;
    if (value === true) return true;
    this.wrong(path, `must be true when given, not ${describe(value)}`);
    return false;
  }
}
