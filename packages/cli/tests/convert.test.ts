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

  it('writes to --out and upgrades with --version', async () => {
    const r = await cli('convert', files('tool.yaml'), '--to', 'yaml', '--version', '26.2.0', '--out', files('out.yaml'));
    expect(r.code).toBe(0);
    expect(readFileSync(files('out.yaml'), 'utf8')).toContain('agentspec_version: 26.2.0');
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
