import { formatError } from './format-error.js';
import { pointer } from './format-warning.js';

export type Json = Readonly<Record<string, unknown>>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the fields of an untrusted document, noting every problem with its
 * JSON Pointer; `done()` throws them all at once as AS_IMPORT_INVALID.
 */
export class ShapeCheck {
  private readonly problems: string[] = [];

  constructor(private readonly what: string) {}

  problem(path: readonly (string | number)[], message: string): void {
    this.problems.push(`${pointer(...path) || '/'}: ${message}`);
  }

  object(value: unknown, path: readonly (string | number)[], required = true): Json | undefined {
    if (value === undefined || value === null) {
      if (required) this.problem(path, 'is required (an object)');
      return undefined;
    }
    if (!isObject(value)) {
      this.problem(path, `must be an object, not ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  string(value: unknown, path: readonly (string | number)[], required = true): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.problem(path, 'is required (a string)');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.problem(path, `must be a string, not ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  boolean(value: unknown, path: readonly (string | number)[]): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') {
      this.problem(path, `must be true or false, not ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  array(value: unknown, path: readonly (string | number)[], required = true): readonly unknown[] {
    if (value === undefined || value === null) {
      if (required) this.problem(path, 'is required (an array)');
      return [];
    }
    if (!Array.isArray(value)) {
      this.problem(path, `must be an array, not ${describe(value)}`);
      return [];
    }
    return value;
  }

  /** Throw AS_IMPORT_INVALID listing every problem noted, if any. */
  done(): void {
    if (this.problems.length === 0) return;
    const shown = this.problems.slice(0, 20).map((p) => `\n  ${p}`).join('');
    const more = this.problems.length > 20 ? `\n  … and ${this.problems.length - 20} more` : '';
    throw formatError('AS_IMPORT_INVALID', `${this.what} is invalid (${this.problems.length} problem${this.problems.length === 1 ? '' : 's'}):${shown}${more}`);
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}
