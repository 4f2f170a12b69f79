import { describe, expect, it } from 'vitest';
import { LIBRARY_TOOL_NAMES, TOOL_LIBRARY, toolRegistry } from '../src/tool-library.js';

describe('the tool library', () => {
  it('has exactly the tools of CASES.md', () => {
    expect(LIBRARY_TOOL_NAMES).toEqual([
      'add', 'multiply', 'square', 'echo', 'to_upper', 'lookup_capital', 'get_weather', 'split_name', 'stats', 'partial',
      'increment', 'explode', 'slow',
    ]);
  });

  it('behaves as documented', async () => {
    const t = TOOL_LIBRARY;
    expect(t.add({ a: 2, b: 3 })).toBe(5);
    expect(t.multiply({ a: 30, b: 6 })).toBe(180);
    expect(t.square({ x: 7 })).toBe(49);
    expect(t.echo({ text: 'hi' })).toBe('hi');
    expect(t.to_upper({ text: 'hi' })).toBe('HI');
    expect(['France', 'Germany', 'Italy', 'Japan', 'Spain', 'Peru'].map((country) => t.lookup_capital({ country })))
      .toEqual(['Paris', 'Berlin', 'Rome', 'Tokyo', 'Madrid', 'unknown']);
    expect(t.get_weather({ city: 'Paris' })).toBe('sunny, 21°C in Paris');
    expect(t.split_name({ full_name: 'Ada King Lovelace' })).toEqual({ first: 'Ada', last: 'King Lovelace' });
    expect(t.stats({ numbers: [1, 2, 6] })).toEqual({ sum: 9, mean: 3, count: 3 });
    expect(t.stats({ numbers: [] })).toEqual({ sum: 0, mean: 0, count: 0 });
    expect(t.partial({ x: 4 })).toEqual({ a: 4 });
    expect(t.increment({ n: 41 })).toBe(42);
    expect(() => t.explode({ reason: 'test' })).toThrow('exploded: test');
    expect(await t.slow({ ms: 5, value: 'done' })).toBe('done');
  });

  it('rejects arguments of the wrong type', () => {
    expect(() => TOOL_LIBRARY.add({ a: 'x', b: 1 })).toThrow("argument 'a' must be a number");
    expect(TOOL_LIBRARY.add({ a: '2', b: 1 })).toBe(3);
    expect(() => TOOL_LIBRARY.echo({})).toThrow("argument 'text' must be a string");
  });

  it('builds a registry of the chosen tools only', () => {
    expect(Object.keys(toolRegistry(['add', 'echo']))).toEqual(['add', 'echo']);
    expect(() => toolRegistry(['nope'])).toThrow("'nope' is not in the conformance tool library");
  });
});
