import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { checkOptions, OptionsError, referenceRuntime, RUNTIME_ERROR_CODES, type Runtime } from '../src/index.js';
import { PAUSING_FLOW } from './interpreter/fixtures.js';

/** The error a call throws (or undefined). */
function thrown(f: () => unknown): OptionsError | undefined {
  try {
    f();
  } catch (e) {
    return e as OptionsError;
  }
  return undefined;
}

describe('runtime options are checked (AS_OPTIONS_INVALID)', () => {
  it('names a load option given to the factory, and where it goes', () => {
    const e = thrown(() => referenceRuntime({ llm: { baseURL: 'http://127.0.0.1:1' } } as never));
    expect(e).toBeInstanceOf(OptionsError);
    expect(e).toMatchObject({ code: 'AS_OPTIONS_INVALID', key: 'llm', name: 'OptionsError' });
    expect(e?.message).toContain("referenceRuntime: unknown option 'llm'");
    expect(e?.hint).toContain('runtime.load(component, { llm: { override: { url } } })');
    expect(Object.keys(RUNTIME_ERROR_CODES)).toContain('AS_OPTIONS_INVALID');
  });

  it('names the key meant for a mistyped nested one, at load', async () => {
    const runtime: Runtime = referenceRuntime();
    const spec = deserialize(PAUSING_FLOW);
    await expect(runtime.load(spec, { llm: { override: { baseURL: 'http://x' } } } as never)).rejects.toMatchObject({
      code: 'AS_OPTIONS_INVALID', key: 'llm.override.baseURL', expected: 'url',
      message: expect.stringContaining("referenceRuntime.load: unknown option 'llm.override.baseURL'; did you mean 'llm.override.url'?"),
    });
    await expect(runtime.load(spec, { llm: { override: {} } } as never)).rejects.toMatchObject({ key: 'llm.override.url', message: expect.stringContaining('is required') });
    await expect(runtime.load(spec, { limits: { maxSteps: '10' } } as never)).rejects.toMatchObject({
      key: 'limits.maxSteps', message: "AS_OPTIONS_INVALID: referenceRuntime.load: option 'limits.maxSteps' must be a number, not the string \"10\"",
    });
    await expect(runtime.load(spec, { tools: { get: 'not a function' } } as never)).rejects.toMatchObject({ key: 'tools.get' });
    await expect(runtime.load(spec, { network: { allow: 'example.com' } } as never)).rejects.toMatchObject({ key: 'network.allow', expected: 'a list of strings' });
  });

  it('refuses wrong kinds and non-object options, and takes what the shape allows', () => {
    expect(thrown(() => referenceRuntime({ name: 3 } as never))?.message).toBe("AS_OPTIONS_INVALID: referenceRuntime: option 'name' must be a string, not number 3");
    expect(thrown(() => referenceRuntime('fast' as never))?.message).toContain('options must be an object, not the string "fast"');
    expect(thrown(() => referenceRuntime({ name: 'x', backend: undefined }))).toBeUndefined();
    const shape = { mode: { oneOf: ['a', 'b'] }, store: { anyOf: [{ shape: { kind: 'string' }, required: ['kind'] }, 'object'] } } as const;
    expect(thrown(() => checkOptions('f', { mode: 'c' }, shape))?.message).toContain(`option 'mode' must be "a" or "b", not the string "c"`);
    expect(thrown(() => checkOptions('f', { store: { kind: 'x' } }, shape))).toBeUndefined();
    expect(thrown(() => checkOptions('f', { store: { kinds: 'x' } }, shape))).toMatchObject({ key: 'store.kinds', expected: 'kind' });
    // an instance (not a plain object) fits the 'object' alternative, its keys unchecked
    expect(thrown(() => checkOptions('f', { store: new Map() }, shape))).toBeUndefined();
    expect(thrown(() => checkOptions('f', { Mode: 'a' }, shape))).toMatchObject({ key: 'Mode', expected: 'mode' });
  });

  it("takes a count or 'all' for retainFinished at load, nothing else", async () => {
    const spec = deserialize(PAUSING_FLOW);
    const tools = { deploy: () => 'ok' };
    for (const retainFinished of [0, 3, 'all'] as const) await (await referenceRuntime().load(spec, { tools, retainFinished })).close();
    for (const retainFinished of [-1, 2.5, Infinity, '3', 'none']) {
      await expect(referenceRuntime().load(spec, { tools, retainFinished } as never)).rejects.toMatchObject({
        code: 'AS_OPTIONS_INVALID', key: 'retainFinished', expected: 'a whole number ≥ 0, or "all"',
      });
    }
  });
});
