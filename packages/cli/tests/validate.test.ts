import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from './helpers.js';

const good = 'component_type: ServerTool\nid: t\nname: t\nagentspec_version: 25.4.1\n';
const bad = '{\n  "component_type": "ServerTool",\n  "id": "t",\n  "name": 42,\n  "agentspec_version": "25.4.1"\n}\n';
const files = tempFiles({ 'good.yaml': good, 'bad.json': bad, 'broken.json': '{"a": }' });

describe('agentspec validate', () => {
  it('exits 0 when every file is valid', async () => {
    const r = await cli('validate', files('good.yaml'));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('valid:');
  });

  it('prints file:line:col severity code message and exits 1 when one is invalid', async () => {
    const r = await cli('validate', files('good.yaml'), files('bad.json'));
    expect(r.code).toBe(1);
    expect(r.stdout.trim()).toBe(`${files('bad.json')}:4:11 error AS_WRONG_TYPE name must be a string, not number`);
  });

  it('reports malformed text with its position', async () => {
    const r = await cli('validate', files('broken.json'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken\.json:1:7 error AS_PARSE_JSON/);
  });

  it('--format json gives one entry per file', async () => {
    const r = await cli('validate', files('good.yaml'), files('bad.json'), '--format', 'json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual([
      { file: files('good.yaml'), valid: true, diagnostics: [] },
      {
        file: files('bad.json'), valid: false,
        diagnostics: [{ code: 'AS_WRONG_TYPE', severity: 'error', message: 'name must be a string, not number', path: '/name', line: 4, column: 11 }],
      },
    ]);
  });

  it('exits 2 on usage errors', async () => {
    expect((await cli('validate')).code).toBe(2);
    expect((await cli('validate', files('good.yaml'), '--format', 'xml')).code).toBe(2);
    expect((await cli('validate', files('missing.yaml'))).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
  });

  it('has help with an example for every command', async () => {
    for (const command of ['validate', 'convert']) {
      const r = await cli(command, '--help');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Example:');
    }
  });
});
