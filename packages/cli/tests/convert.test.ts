import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { cli, tempFiles } from './helpers.js';

const tool = 'component_type: ServerTool\nid: t\nname: t\nrequires_confirmation: true\nagentspec_version: 25.4.2\n';
const files = tempFiles({ 'tool.yaml': tool, 'bad.yaml': 'component_type: Nope\nid: x\nname: x\n' });

describe('agentspec convert', () => {
  it('converts YAML to JSON on stdout', async () => {
    const r = await cli('convert', files('tool.yaml'), '--to', 'json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ component_type: 'ServerTool', requires_confirmation: true, agentspec_version: '25.4.2' });
    expect(deserialize(r.stdout)).toEqual(deserialize(tool));
  });

  it('writes to --out and upgrades with --to-version (or --version)', async () => {
    const r = await cli('convert', files('tool.yaml'), '--to', 'yaml', '--to-version', '26.3.1', '--out', files('out.yaml'));
    expect(r.code).toBe(0);
    expect(readFileSync(files('out.yaml'), 'utf8')).toContain('agentspec_version: 26.3.1');
    // 26.2.0 is written as asked, for pyagentspec 26.3.1 (whose versions end at 26.2.0)
    const alias = await cli('convert', files('tool.yaml'), '--to', 'yaml', '--version', '26.2.0');
    expect(alias.stdout).toContain('agentspec_version: 26.2.0');
  });

  it('downgrades what the older version can express, and refuses what it cannot, naming the component and field', async () => {
    const agent = (hitl: boolean) => JSON.stringify({
      component_type: 'Agent', id: 'helper', name: 'helper', system_prompt: 'Help.', human_in_the_loop: hitl, agentspec_version: '26.1.2',
      llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:1' },
    });
    const f = tempFiles({ 'plain.json': agent(true), 'no-hitl.json': agent(false) });
    const down = await cli('convert', f('plain.json'), '--to', 'json', '--to-version', '25.4.1');
    expect(down.code).toBe(0);
    expect(JSON.parse(down.stdout)).toMatchObject({ agentspec_version: '25.4.1' });
    expect(JSON.parse(down.stdout).human_in_the_loop).toBeUndefined();
    const refused = await cli('convert', f('no-hitl.json'), '--to', 'json', '--to-version', '25.4.1');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("AS_VERSION_GATE cannot write Agent Spec 25.4.1: field human_in_the_loop of Agent 'helper' needs 25.4.2");
    expect(refused.stdout).toBe('');
  });

  it('loads a disaggregated document with its component registry (--components)', async () => {
    const f = tempFiles({
      'main.yaml': 'component_type: Agent\nid: a\nname: a\nsystem_prompt: Hi\nllm_config: {$component_ref: llm}\ntools: [{$component_ref: t}]\nagentspec_version: 25.4.1\n',
      'registry.yaml': '$referenced_components:\n  llm: {component_type: VllmConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:1"}\n  t: {component_type: ClientTool, id: t, name: t}\n',
      'secrets.json': JSON.stringify({ llm: { component_type: 'VllmConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:1' }, t: { component_type: 'ClientTool', id: 't', name: 't' } }),
    });
    expect((await cli('convert', f('main.yaml'), '--to', 'json')).code).toBe(1);
    for (const registry of ['registry.yaml', 'secrets.json']) {
      const r = await cli('convert', f('main.yaml'), '--to', 'json', '--components', f(registry));
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ llm_config: { component_type: 'VllmConfig' }, tools: [{ component_type: 'ClientTool' }] });
    }
  });

  it('refuses a version that cannot hold the document', async () => {
    const r = await cli('convert', files('tool.yaml'), '--to', 'json', '--version', '25.4.1');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('AS_VERSION_GATE');
  });

  it('does not convert an invalid document', async () => {
    const r = await cli('convert', files('bad.yaml'), '--to', 'json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('AS_UNKNOWN_COMPONENT');
    expect(r.stdout).toBe('');
  });

  it('exits 2 without --to or with a bad version', async () => {
    expect((await cli('convert', files('tool.yaml'))).code).toBe(2);
    expect((await cli('convert', files('tool.yaml'), '--to', 'json', '--version', '1.0')).code).toBe(2);
  });
});
