import { describe, expect, it } from 'vitest';
import { formatViolations, validateJsonSchema } from '../src/index.js';
import type { JsonSchema } from '../src/index.js';

const errors = (value: unknown, schema: JsonSchema): string => formatViolations(validateJsonSchema(value, schema));

describe('validateJsonSchema', () => {
  it('checks type, including integer and type arrays (nullable)', () => {
    expect(errors('x', { type: 'string' })).toBe('');
    expect(errors(1.5, { type: 'integer' })).toBe('(root): must be integer, got number');
    expect(errors(2, { type: 'integer' })).toBe('');
    expect(errors(2, { type: 'number' })).toBe('');
    expect(errors(null, { type: ['string', 'null'] })).toBe('');
    expect(errors(null, { type: 'string', nullable: true })).toBe('');
    expect(errors(true, { type: ['string', 'null'] })).toBe('(root): must be string or null, got boolean');
    expect(errors([], { type: 'object' })).toBe('(root): must be object, got array');
    expect(errors({}, { type: 'array' })).toBe('(root): must be array, got object');
  });

  it('checks properties, required and additionalProperties', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'number' } }, required: ['c'] } },
      required: ['a', 'b'],
      additionalProperties: false,
    };
    expect(errors({ a: 'x', b: { c: 1 } }, schema)).toBe('');
    expect(errors({ a: 1, b: {}, d: 0 }, schema)).toBe(
      '/a: must be string, got integer; /b: missing required property "c"; (root): unexpected property "d" (additionalProperties is false)',
    );
    expect(errors({ x: 1 }, { type: 'object', additionalProperties: { type: 'string' } })).toBe('/x: must be string, got integer');
  });

  it('checks items, prefixItems and array bounds', () => {
    expect(errors([1, 'two'], { type: 'array', items: { type: 'number' } })).toBe('/1: must be number, got string');
    expect(errors([1, 'a', true], { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false })).toBe(
      '/2: no value is allowed here',
    );
    expect(errors([], { type: 'array', minItems: 1 })).toBe('(root): must have at least 1 items');
  });

  it('checks enum and const with deep equality', () => {
    expect(errors('c', { enum: ['c', 'f'] })).toBe('');
    expect(errors('k', { enum: ['c', 'f'] })).toBe('(root): must be one of ["c","f"], got "k"');
    expect(errors({ a: [1] }, { const: { a: [1] } })).toBe('');
    expect(errors({ a: [2] }, { const: { a: [1] } })).toContain('must be {"a":[1]}');
  });

  it('checks anyOf, oneOf and allOf', () => {
    const anyOf = { anyOf: [{ type: 'string' }, { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }] };
    expect(errors('x', anyOf)).toBe('');
    expect(errors({ n: 1 }, anyOf)).toBe('');
    expect(errors({ n: 'x' }, anyOf)).toBe('(root): must match a schema in anyOf: [0] (root): must be string, got object | [1] /n: must be number, got string');
    expect(errors(1, { oneOf: [{ type: 'number' }, { type: 'integer' }] })).toBe('(root): must match exactly one schema in oneOf, matched 2');
    expect(errors(5, { allOf: [{ minimum: 1 }, { maximum: 3 }] })).toBe('(root): must be <= 3');
  });

  it('resolves local $ref, recursive ones included', () => {
    const schema = {
      $ref: '#/$defs/node',
      $defs: { node: { type: 'object', properties: { value: { type: 'number' }, next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } }, required: ['value', 'next'] } },
    };
    expect(errors({ value: 1, next: { value: 2, next: null } }, schema)).toBe('');
    expect(errors({ value: 1, next: { value: 'x', next: null } }, schema)).toContain('/next/value: must be number');
    expect(errors(1, { $ref: '#/$defs/missing' })).toBe('(root): cannot resolve $ref #/$defs/missing');
  });

  it('checks string and number bounds and patterns, and ignores unknown keywords', () => {
    expect(errors('ab', { type: 'string', minLength: 3, pattern: '^a' })).toBe('(root): must have at least 3 characters');
    expect(errors('ba', { pattern: '^a' })).toBe('(root): must match pattern ^a');
    expect(errors(0, { exclusiveMinimum: 0 })).toBe('(root): must be > 0');
    expect(errors('x', { type: 'string', format: 'email', 'x-custom': 1 })).toBe('');
    expect(errors('anything', true)).toBe('');
    expect(errors('anything', false)).toBe('(root): no value is allowed here');
  });

  it('escapes JSON Pointer paths', () => {
    expect(validateJsonSchema({ 'a/b': 1 }, { properties: { 'a/b': { type: 'string' } } })[0]?.path).toBe('/a~1b');
  });
});
