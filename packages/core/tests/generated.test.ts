import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { allJsonSchemas, DIAGNOSTIC_CODES, serialize, SUPPORTED_VERSIONS } from '../src/index.js';
import { renderDiagnosticsDoc } from '../src/diagnostics/doc.js';
import { samples, SAMPLE_SECRETS } from './helpers/samples.js';

const file = (p: string) => readFileSync(new URL(`../${p}`, import.meta.url), 'utf8');
const regenerate = 'run `pnpm --filter @agentspec/core build && pnpm --filter @agentspec/core generate`';

describe('generated artefacts are up to date', () => {
  it(`docs/diagnostics.md lists every code (${regenerate})`, () => {
    expect(file('docs/diagnostics.md')).toBe(renderDiagnosticsDoc(DIAGNOSTIC_CODES));
  });
  for (const [version, schema] of Object.entries(allJsonSchemas())) {
    it(`schemas/agentspec-${version}.schema.json (${regenerate})`, () => {
      expect(JSON.parse(file(`schemas/agentspec-${version}.schema.json`))).toEqual(schema);
    });
  }
  it(`schemas/agentspec-26.2.0.schema.json is the 26.3.1 schema under the alias's name (${regenerate})`, () => {
    const { $id, title, ...rest } = JSON.parse(file('schemas/agentspec-26.2.0.schema.json'));
    const { $id: _i, title: _t, ...latest } = allJsonSchemas()['26.3.1'];
    expect([$id, title]).toEqual(['https://agentspec-ts.dev/schemas/agentspec-26.2.0.schema.json', 'Agent Spec 26.2.0 document (read as 26.3.1)']);
    expect(rest).toEqual(latest);
    expect((latest.$defs as Record<string, { enum?: string[] }>).AgentSpecVersion?.enum).toEqual(['26.3.1', '26.2.0']);
  });
});

describe('our JSON Schemas accept the documents we accept', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validators = Object.fromEntries(SUPPORTED_VERSIONS.map((v) => [v, ajv.compile(allJsonSchemas()[v])]));

  it('every sample component, in the smallest version and the latest one that holds it', () => {
    for (const c of Object.values(samples())) {
      const versions = c.component_type === 'OpenAiAgent' ? (['25.4.1'] as const) : SUPPORTED_VERSIONS;
      for (const version of versions) {
        const doc = JSON.parse(serialize(c, { version }));
        const ok = validators[version]!(doc);
        expect(ok ? [] : validators[version]!.errors, `${c.component_type} @ ${version}`).toEqual([]);
      }
    }
    expect(SAMPLE_SECRETS).toBeDefined();
  });

  it('documents with $referenced_components and agentspec_version (which the published schemas reject)', () => {
    const doc = JSON.parse(serialize(samples().Flow));
    expect(doc.$referenced_components).toBeDefined();
    expect(validators['25.4.1']!(doc)).toBe(true);
  });

  it('rejects a document that is not a component', () => {
    expect(validators['25.4.1']!({ component_type: 'LlmNode', id: 'x', name: 'x' })).toBe(false);
    expect(validators['25.4.1']!([1, 2])).toBe(false);
  });
});
