import { describe, expect, it } from 'vitest';
import { load } from '@agentspec/core';
import { manyKeysYaml } from '../src/many-keys.js';

describe('YAML benchmark inputs', () => {
  it('the many-keys document is a ServerTool whose only problems are its unknown keys, capped', () => {
    const r = load(manyKeysYaml(2_000));
    expect(r.component?.component_type).toBe('ServerTool');
    expect(r.diagnostics).toHaveLength(1_001);
    expect(new Set(r.diagnostics.map((d) => d.code))).toEqual(new Set(['AS_UNKNOWN_FIELD', 'AS_TOO_MANY_DIAGNOSTICS']));
    expect(r.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });
});
