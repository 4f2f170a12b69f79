import { describe, expect, it } from 'vitest';
import { AgentSpecError, deserialize, load, serialize, serverTool } from '../src/index.js';
import type { Agent, ServerTool } from '../src/index.js';

const tool = (extra: Record<string, unknown> = {}) => ({ component_type: 'ServerTool', id: 't', name: 't', ...extra });

describe('versions', () => {
  it('reads every supported version and the legacy air_version', () => {
    for (const v of ['25.4.1', '25.4.2', '26.1.0', '26.1.2', '26.3.1']) {
      expect(load(tool({ agentspec_version: v })).version).toBe(v);
    }
    // 26.2.0, never released, is what pyagentspec 26.3.1 stamps: it reads as 26.3.1
    const alias = load(tool({ agentspec_version: '26.2.0' }));
    expect(alias.diagnostics).toEqual([]);
    expect(alias.version).toBe('26.3.1');
    const legacy = load(tool({ air_version: '25.4.0' }));
    expect(legacy.diagnostics).toEqual([]);
    expect(legacy.version).toBe('25.4.1');
  });

  it('reads the version in development (26.4.0) as the latest release, with a warning', () => {
    const ahead = load(tool({ agentspec_version: '26.4.0' }));
    expect(ahead.version).toBe('26.3.1');
    expect(ahead.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['AS_VERSION_AHEAD', 'warning', '/agentspec_version']]);
  });

  it('refuses unknown versions and warns when none is declared', () => {
    expect(load(tool({ agentspec_version: '99.0.0' })).diagnostics.map((d) => [d.code, d.path])).toEqual([['AS_VERSION_UNSUPPORTED', '/agentspec_version']]);
    expect(load(tool()).diagnostics.map((d) => [d.code, d.severity])).toEqual([['AS_VERSION_MISSING', 'warning']]);
  });

  it('gates fields and components newer than the declared version', () => {
    expect(load(tool({ agentspec_version: '25.4.1', requires_confirmation: true })).diagnostics.map((d) => [d.code, d.path]))
      .toEqual([['AS_VERSION_GATE', '/requires_confirmation']]);
    expect(load(tool({ agentspec_version: '25.4.2', requires_confirmation: true })).diagnostics).toEqual([]);
    const builtin = { component_type: 'BuiltinTool', id: 'b', name: 'b', tool_type: 'code_interpreter' };
    expect(load({ ...builtin, agentspec_version: '25.4.1' }).diagnostics.map((d) => [d.code, d.path])).toEqual([['AS_VERSION_GATE', '']]);
    expect(load({ ...builtin, agentspec_version: '25.4.2' }).diagnostics).toEqual([]);
  });

  it('gates components removed in a later version (OpenAiAgent after 25.4.1)', () => {
    const oa = { component_type: 'OpenAiAgent', id: 'a', name: 'a', llm_config: { component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt' } };
    expect(load({ ...oa, agentspec_version: '25.4.1' }).diagnostics).toEqual([]);
    expect(load({ ...oa, agentspec_version: '25.4.2' }).diagnostics.map((d) => d.code)).toEqual(['AS_VERSION_GATE']);
  });

  it('writes the smallest version the tree needs, or the one asked for', () => {
    const plain = deserialize(tool({ agentspec_version: '26.2.0' }));
    expect(JSON.parse(serialize(plain)).agentspec_version).toBe('25.4.1');
    expect(JSON.parse(serialize(plain)).requires_confirmation).toBeUndefined();
    expect(JSON.parse(serialize(plain, { version: '26.3.1' }))).toMatchObject({ agentspec_version: '26.3.1', requires_confirmation: false });
    // the alias is written as asked (for pyagentspec 26.3.1, whose versions end at 26.2.0), checked as 26.3.1
    expect(JSON.parse(serialize(plain, { version: '26.2.0' }))).toMatchObject({ agentspec_version: '26.2.0', requires_confirmation: false });
    expect(() => serialize(plain, { version: '20.99.99' as never })).toThrowError(/AS_VERSION_UNSUPPORTED/);
    const confirm = serverTool({ id: 't', name: 't', requires_confirmation: true });
    expect(JSON.parse(serialize(confirm)).agentspec_version).toBe('25.4.2');
  });

  it('refuses to write a version that cannot hold the tree, either way', () => {
    const confirm = serverTool({ id: 't', name: 't', requires_confirmation: true });
    expect(() => serialize(confirm, { version: '25.4.1' })).toThrowError(/field requires_confirmation of ServerTool 't' needs 25.4.2/);
    const oa = deserialize({ component_type: 'OpenAiAgent', id: 'a', name: 'a', agentspec_version: '25.4.1', llm_config: { component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt' } });
    expect(() => serialize(oa, { version: '25.4.2' })).toThrowError(/OpenAiAgent 'a' exists only up to 25.4.1/);
    try {
      serialize(oa, { version: '26.1.0' });
    } catch (e) {
      expect(AgentSpecError.isInstance(e) && e.code).toBe('AS_VERSION_GATE');
    }
  });

  it('types requires_confirmation and human_in_the_loop (25.4.2) with their defaults', () => {
    const t = deserialize(tool({ agentspec_version: '25.4.1' })) as ServerTool;
    expect(t.requires_confirmation).toBe(false);
    const a = deserialize({
      component_type: 'Agent', id: 'a', name: 'a', system_prompt: 's', agentspec_version: '25.4.2', human_in_the_loop: false,
      llm_config: { component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt' },
    }) as Agent;
    expect(a.human_in_the_loop).toBe(false);
    expect(JSON.parse(serialize(a)).agentspec_version).toBe('25.4.2');
  });

  it('keeps later fields of typed components and unknown fields, never dropping one', () => {
    const doc = {
      component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt', agentspec_version: '25.4.2',
      api_type: 'responses', x_custom: { keep: [1, 2] },
    };
    const r = load(doc);
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([['AS_UNKNOWN_FIELD', '/x_custom']]);
    const out = JSON.parse(serialize(r.component!));
    expect(out).toMatchObject({ api_type: 'responses', x_custom: { keep: [1, 2] }, agentspec_version: '25.4.2' });
    expect(load({ ...doc, agentspec_version: '25.4.1' }).diagnostics.map((d) => [d.code, d.path])).toContainEqual(['AS_VERSION_GATE', '/api_type']);
  });
});
