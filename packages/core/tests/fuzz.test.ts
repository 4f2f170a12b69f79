import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AgentSpecError, DEFAULT_LIMITS, deserialize, load, serialize } from '../src/index.js';
import { samples, SAMPLE_SECRETS } from './helpers/samples.js';

const VALID = Object.values(samples()).map((c) => JSON.parse(serialize(c)) as unknown);

/** Loading must end in a component or our diagnostics: never another exception, never pollution. */
function loadsSafely(input: string | unknown): void {
  const before = Object.getOwnPropertyNames(Object.prototype).join(',');
  let result;
  try {
    result = load(input, { components: SAMPLE_SECRETS });
  } catch (e) {
    throw new Error(`load threw ${(e as Error).stack}`, { cause: e });
  }
  expect(Array.isArray(result.diagnostics)).toBe(true);
  for (const d of result.diagnostics) expect(d.code).toMatch(/^AS_[A-Z_]+$/);
  try {
    deserialize(input, { components: SAMPLE_SECRETS });
  } catch (e) {
    expect(AgentSpecError.isInstance(e)).toBe(true);
  }
  expect(Object.getOwnPropertyNames(Object.prototype).join(',')).toBe(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** Replace, delete or retype one value somewhere in a document. */
function mutate(doc: unknown, path: number[], replacement: unknown, mode: number): unknown {
  if (path.length === 0 || doc === null || typeof doc !== 'object') return mode === 0 ? replacement : doc;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(doc) ? [...doc] : { ...(doc as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return replacement;
  const key = keys[(path[0] as number) % keys.length] as string;
  const rest = path.slice(1);
  if (rest.length === 0 && mode === 1 && !Array.isArray(copy)) {
    delete (copy as Record<string, unknown>)[key];
  } else if (rest.length === 0 && mode === 2) {
    (copy as Record<string, unknown>)[key] = { $component_ref: String(replacement) };
  } else {
    (copy as Record<string, unknown>)[key] = mutate((copy as Record<string, unknown>)[key], rest, replacement, mode);
  }
  return copy;
}

const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '{{x}}', '', 'StartNode', 'Flow', null, -1, 1e308, true),
  fc.constant({ __proto__: { polluted: 1 } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}')),
);

describe('fuzzing the loader', () => {
  it('mutated valid documents load or fail with our diagnostics (JSON text, YAML text, values)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VALID), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), hostile, fc.nat(3), fc.constantFrom('json', 'yaml', 'value'),
        (doc, path, replacement, mode, form) => {
          const mutated = mutate(doc, path, replacement, mode);
          loadsSafely(form === 'json' ? JSON.stringify(mutated) : form === 'yaml' ? stringify(mutated) : mutated);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('random JSON and YAML text never crashes the loader', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => loadsSafely(text)), { numRuns: 400 });
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => loadsSafely(JSON.stringify(v))), { numRuns: 300 });
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => loadsSafely(stringify(v))), { numRuns: 200 });
  });

  it('__proto__ and constructor keys never reach a prototype', () => {
    const text = '{"component_type": "ServerTool", "id": "t", "name": "t", "agentspec_version": "25.4.1", "__proto__": {"polluted": true}, "metadata": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}';
    loadsSafely(text);
    loadsSafely('component_type: ServerTool\nid: t\nname: t\n__proto__:\n  polluted: true\nmetadata:\n  __proto__: {polluted: true}\n');
    const r = load(text);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['AS_UNKNOWN_FIELD']);
    expect(Object.getPrototypeOf(r.component)).toBe(Object.prototype);
    const out = JSON.parse(serialize(r.component!));
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a YAML alias bomb is refused quickly', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 10; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)}]`);
    const started = Date.now();
    const r = load(lines.join('\n'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_EXPANSION']); // 9^10 nodes once expanded
    expect(load(lines.join('\n'), { limits: { maxExpansion: 1e12 } }).diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_ALIASES']);
    expect(Date.now() - started).toBeLessThan(5000); // bounded: a bomb would take minutes and gigabytes
  });

  it('size, depth and alias limits are options with documented defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxBytes: 256 * 1024 * 1024, maxDepth: 256, maxAliases: 100, maxExpansion: 10 });
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(load(deep).diagnostics.map((d) => d.code)).toEqual(['AS_NOT_A_COMPONENT']);
    const deepInside = `{"component_type": "ServerTool", "id": "t", "name": "t", "agentspec_version": "25.4.1", "metadata": {"x": ${deep}}}`;
    expect(load(deepInside).diagnostics.map((d) => [d.code, d.path, d.line])).toEqual([['AS_LIMIT_DEPTH', '/metadata', 1]]);
    const deepOpaque = `{"component_type": "BuiltinTool", "id": "t", "name": "t", "tool_type": "x", "agentspec_version": "25.4.2", "configuration": {"x": ${deep}}}`;
    expect(load(deepOpaque).diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_DEPTH']);
    expect(load('a:\n'.padEnd(50, ' '), { limits: { maxBytes: 10 } }).diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_SIZE']);
    expect(load('x: &x 1\ny: [*x, *x, *x]\n', { limits: { maxAliases: 2 } }).diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_ALIASES']);
    const nested = JSON.stringify({ component_type: 'ServerTool', id: 't', name: 't', agentspec_version: '25.4.1', metadata: JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`) });
    expect(load(nested, { limits: { maxDepth: 20 } }).diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_DEPTH']);
    const deepValue = { component_type: "ServerTool", id: "t", name: "t", agentspec_version: "25.4.1", inputs: [{ title: 'x', items: JSON.parse(`${'['.repeat(400)}${']'.repeat(400)}`) }] };
    expect(load(deepValue).diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_DEPTH']);
    const deepYaml = `${'- '.repeat(1)}${'['.repeat(300)}${']'.repeat(300)}`;
    expect(load(deepYaml).diagnostics[0]?.code).toMatch(/AS_LIMIT_DEPTH|AS_PARSE_YAML/);
  });

  it('a huge string field loads in linear time', () => {
    const big = 'x'.repeat(5_000_000);
    const r = load(JSON.stringify({ component_type: 'ServerTool', id: 't', name: 't', description: big, agentspec_version: '25.4.1' }));
    expect(r.diagnostics).toEqual([]);
  });
});
