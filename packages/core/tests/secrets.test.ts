import { describe, expect, it } from 'vitest';
import { deserialize, load, serialize, streamableHttpMtlsTransport } from '../src/index.js';

describe('sensitive fields', () => {
  it('are never written in clear: a reference to supply at load takes their place', () => {
    const t = streamableHttpMtlsTransport({ id: 't', name: 't', url: 'https://mcp', key_file: '/secret/key.pem', cert_file: '/c.pem', ca_file: '/ca.pem' });
    for (const format of ['json', 'yaml'] as const) {
      const text = serialize(t, { format });
      expect(text).not.toContain('/secret/key.pem');
      expect(text).toContain('t.key_file');
    }
    const back = deserialize(serialize(t), { components: { 't.key_file': '/secret/key.pem', 't.cert_file': '/c.pem', 't.ca_file': '/ca.pem' } });
    expect(back).toEqual(t);
  });

  it('a secret not supplied is a warning, and the document still loads', () => {
    const t = streamableHttpMtlsTransport({ id: 't', name: 't', url: 'https://mcp', key_file: 'k', cert_file: 'c', ca_file: 'ca' });
    const r = load(serialize(t));
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['AS_SECRET_MISSING', 'warning', '/key_file'], ['AS_SECRET_MISSING', 'warning', '/cert_file'], ['AS_SECRET_MISSING', 'warning', '/ca_file'],
    ]);
    expect(serialize(r.component!)).toBe(serialize(t)); // the same references are written again
  });

  it('api keys of later-version components are written as references too', () => {
    const doc = {
      component_type: 'Agent', id: 'a', name: 'a', system_prompt: 'x', agentspec_version: '26.1.0',
      llm_config: { component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt', api_key: 'sk-live-123' },
    };
    const text = serialize(deserialize(doc));
    expect(text).not.toContain('sk-live-123');
    expect(JSON.parse(text).llm_config.api_key).toEqual({ $component_ref: 'o.api_key' });
    expect(deserialize(text, { components: { 'o.api_key': 'sk-live-123' } })).toEqual(deserialize(doc));
  });
});
