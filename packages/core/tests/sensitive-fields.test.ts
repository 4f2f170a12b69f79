import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { deserialize, load, serialize, SENSITIVE_FIELDS } from '../src/index.js';

/** The smallest valid document of each component type that has sensitive fields (26.1.2). */
const BASE: Record<string, Record<string, unknown>> = {
  LlmConfig: { model_id: 'm' },
  OpenAiConfig: { model_id: 'm' },
  OpenAiCompatibleConfig: { model_id: 'm', url: 'http://llm' },
  VllmConfig: { model_id: 'm', url: 'http://llm' },
  OllamaConfig: { model_id: 'm', url: 'http://llm' },
  OciGenAiConfig: {
    model_id: 'm', compartment_id: 'c',
    client_config: { component_type: 'OciClientConfigWithInstancePrincipal', id: 'cc', name: 'cc', service_endpoint: 'https://oci' },
  },
  GeminiConfig: { model_id: 'm', auth: { component_type: 'GeminiVertexAIAuthConfig', id: 'va', name: 'va', project_id: 'p' } },
  GeminiAIStudioAuthConfig: {},
  GeminiVertexAIAuthConfig: { project_id: 'p' },
  OciClientConfigWithApiKey: { service_endpoint: 'https://oci', auth_profile: 'DEFAULT' },
  OciClientConfigWithSecurityToken: { service_endpoint: 'https://oci', auth_profile: 'DEFAULT' },
  RemoteTool: { url: 'https://api', http_method: 'GET' },
  ApiNode: { url: 'https://api', http_method: 'GET' },
  SSETransport: { url: 'https://mcp' },
  StreamableHTTPTransport: { url: 'https://mcp' },
  SSEmTLSTransport: { url: 'https://mcp' },
  StreamableHTTPmTLSTransport: { url: 'https://mcp' },
  TlsOracleDatabaseConnectionConfig: { protocol: 'tcps' },
  MTlsOracleDatabaseConnectionConfig: { protocol: 'tcps' },
  TlsPostgresDatabaseConnectionConfig: { url: 'db:5432', sslmode: 'require' },
  OAuthClientConfig: { type: 'pre_registered' },
};

/** Fields required by their component: the document needs a value for each (a placeholder when not under test). */
const REQUIRED_SECRETS: Record<string, readonly string[]> = {
  OciClientConfigWithApiKey: ['auth_file_location'],
  OciClientConfigWithSecurityToken: ['auth_file_location'],
  TlsOracleDatabaseConnectionConfig: ['user', 'password', 'dsn'],
  MTlsOracleDatabaseConnectionConfig: ['user', 'password', 'dsn', 'wallet_location', 'wallet_password'],
  TlsPostgresDatabaseConnectionConfig: ['user', 'password'],
  SSEmTLSTransport: ['key_file', 'cert_file', 'ca_file'],
  StreamableHTTPmTLSTransport: ['key_file', 'cert_file', 'ca_file'],
};

/** A secret value of the right shape for a field: header maps and Vertex credentials as objects too. */
function valueFor(field: string, secret: string, asObject = false): unknown {
  if (field === 'sensitive_headers') return { 'X-Api-Key': secret };
  if (field === 'credentials' && asObject) return { type: 'service_account', private_key: secret };
  return secret;
}

function documentWith(type: string, values: Record<string, unknown>): Record<string, unknown> {
  const doc: Record<string, unknown> = { component_type: type, id: 'c', name: 'c', ...BASE[type], agentspec_version: '26.1.2' };
  for (const f of REQUIRED_SECRETS[type] ?? []) doc[f] = `/placeholder/${f}`;
  return { ...doc, ...values };
}

/** Every (component, sensitive field) pair, Vertex credentials also as an object: the 44 of Agent Spec's list + 2 inherited. */
const PAIRS: [string, string, boolean][] = Object.entries(SENSITIVE_FIELDS).flatMap(([type, fields]) =>
  fields.flatMap((f): [string, string, boolean][] => (f === 'credentials' ? [[type, f, false], [type, f, true]] : [[type, f, false]])),
);

/** Every string anywhere in a JSON value, keys included. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.push(k); strings(x, out); }
  return out;
}

describe('sensitive fields: one table, every field of every version through 26.3.1', () => {
  it('covers the 44 (component, field) pairs of Agent Spec, and api_key inherited from LlmConfig', () => {
    expect(PAIRS).toHaveLength(46);
    expect(PAIRS.filter(([t]) => t === 'OciGenAiConfig' || t === 'GeminiConfig').map(([t, f]) => `${t}.${f}`)).toEqual(['OciGenAiConfig.api_key', 'GeminiConfig.api_key']);
  });

  for (const [type, field, asObject] of PAIRS) {
    it(`${type}.${field}${asObject ? ' (an object)' : ''} is written as a reference, in clear only when asked`, () => {
      const secret = `s3cret-${type}-${field}-value`;
      const value = valueFor(field, secret, asObject);
      const component = deserialize(documentWith(type, { [field]: value }));
      for (const format of ['json', 'yaml'] as const) {
        const text = serialize(component, { format });
        expect(text).not.toContain(secret);
        const doc = (format === 'json' ? JSON.parse(text) : parseYaml(text)) as Record<string, unknown>;
        expect(doc[field]).toEqual({ $component_ref: `c.${field}` });
        const clear = serialize(component, { format, includeSensitiveFields: true });
        expect(clear).toContain(secret);
      }
      // the reference is supplied at load: the same component comes back
      expect(deserialize(serialize(component), { components: { ...placeholders(type), [`c.${field}`]: value } })).toEqual(component);
    });
  }

  it('the loader uses the same table: a reference not supplied is AS_SECRET_MISSING, and is written back as it was', () => {
    for (const [type, field] of PAIRS) {
      const doc = documentWith(type, { [field]: { $component_ref: `c.${field}` } });
      const supplied = placeholders(type);
      delete supplied[`c.${field}`];
      const r = load(doc, { components: supplied });
      expect(r.diagnostics.map((d) => [d.code, d.path]), `${type}.${field}`).toEqual([['AS_SECRET_MISSING', `/${field}`]]);
      expect(JSON.parse(serialize(r.component!))[field]).toEqual({ $component_ref: `c.${field}` });
    }
  });

  it('random secrets in every sensitive field never appear in JSON or YAML output', () => {
    const secret = fc.string({ minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(SENSITIVE_FIELDS)), fc.array(secret, { minLength: 5, maxLength: 5 }), fc.boolean(), (type, secrets, asObject) => {
        const fields = SENSITIVE_FIELDS[type] as readonly string[];
        const values: Record<string, unknown> = {};
        fields.forEach((f, i) => (values[f] = valueFor(f, secrets[i % secrets.length] as string, asObject)));
        const component = deserialize(documentWith(type, values));
        const baseline = new Set(strings(JSON.parse(serialize(deserialize(documentWith(type, {}))))));
        for (const format of ['json', 'yaml'] as const) {
          const text = serialize(component, { format });
          const written = new Set(strings(format === 'json' ? JSON.parse(text) : parseYaml(text)));
          for (const s of secrets) {
            if (baseline.has(s)) continue; // a secret equal to an id, a type name, … of the document itself
            expect(written.has(s), `${type}: ${JSON.stringify(s)} written in clear`).toBe(false);
            if (/^[A-Za-z0-9]{8,}$/.test(s) && ![...baseline].some((b) => b.includes(s))) expect(text).not.toContain(s);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

function placeholders(type: string): Record<string, string> {
  return Object.fromEntries((REQUIRED_SECRETS[type] ?? []).map((f) => [`c.${f}`, `/placeholder/${f}`]));
}
