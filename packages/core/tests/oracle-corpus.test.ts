import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allJsonSchemas, deserialize, load, LATEST_VERSION, parseVersion, serialize, type LoadOptions, type Version } from '../src/index.js';
import { COMPANIONS, oracleCorpus, substitutePlaceholders, verdicts, type Verdict } from './helpers/oracle-corpus.js';

/**
 * Every document Oracle publishes (shared/corpus/oracle, 111 files with
 * pyagentspec 26.3.1's verdict on each) loads as pyagentspec loads it, or the
 * difference is one of the deliberate disagreements listed in the README
 * (section "Where we differ from pyagentspec", ids PY-1 …).
 */
const ROOT = oracleCorpus();
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** Files where we deliberately decide otherwise than pyagentspec: the README id of the disagreement. */
const DISAGREEMENTS: Readonly<Record<string, string>> = {
  'pyagentspec/tests/agentspec_configs/example_serialized_flow_with_branching_node.yaml': 'PY-1',
  'pyagentspec/tests/agentspec_configs/flow_with_all_references_at_root.yaml': 'PY-2',
  'pyagentspec/tests/agentspec_configs/example_serialized_swarm.yaml': 'PY-3',
  'pyagentspec/tests/adapters/langgraph/configs/swarm_calculator.yaml': 'PY-3',
  'pyagentspec/tests/agentspec_configs/invalid/example_serialized_llm_node_with_misplaced_agentspec_version.yaml': 'PY-4',
  'docs/pyagentspec/source/agentspec_config_examples/howto_flow_with_conditional_branches.json': 'PY-7',
  'docs/pyagentspec/source/agentspec_config_examples/howto_flow_with_conditional_branches.yaml': 'PY-7',
  'docs/pyagentspec/source/agentspec_config_examples/howto_structured_generation1.json': 'PY-7',
  'docs/pyagentspec/source/agentspec_config_examples/howto_structured_generation1.yaml': 'PY-7',
  'docs/pyagentspec/source/agentspec_config_examples/howto_structured_generation2.json': 'PY-7',
  'docs/pyagentspec/source/agentspec_config_examples/howto_structured_generation2.yaml': 'PY-7',
};

/** pyagentspec's verdict under the conditions we load with: placeholders substituted, companions given. */
function expected(v: Verdict, text: string): Verdict['verdict'] {
  if (v.path in COMPANIONS) return 'valid'; // refused for the missing registry only
  if (v.error.startsWith('ValidationError: 1 validation error for VllmConfig') && /\[\[[A-Za-z0-9_]+\]\]/.test(text)) return 'valid'; // the placeholder url
  return v.verdict;
}

function options(root: string, path: string): LoadOptions {
  const c = COMPANIONS[path];
  return {
    ...(c?.referenced ? { referenced: readFileSync(join(root, c.referenced), 'utf8') } : {}),
    ...(c?.components ? { components: c.components } : {}),
  };
}

describe.skipIf(!ROOT)('Oracle\'s published Agent Spec documents (shared/corpus/oracle)', () => {
  if (!ROOT) return;
  const all = verdicts(ROOT);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const schemas = allJsonSchemas();
  const validators = new Map<Version, ReturnType<Ajv2020['compile']>>();
  const validator = (v: Version) => validators.get(v) ?? validators.set(v, ajv.compile(schemas[v])).get(v)!;

  it('has the 111 files and the verdicts of pyagentspec 26.3.1', () => {
    expect(all).toHaveLength(111);
  });

  it('every disagreement listed here is described in the README', () => {
    for (const id of new Set(Object.values(DISAGREEMENTS))) expect(README, id).toMatch(new RegExp(`\\b${id}\\b`));
  });

  for (const v of all) {
    it(`${v.path}: ${DISAGREEMENTS[v.path] ? `differs from pyagentspec (${DISAGREEMENTS[v.path]})` : 'as pyagentspec'}`, () => {
      const raw = readFileSync(join(ROOT, v.path), 'utf8');
      const text = substitutePlaceholders(raw);
      const opts = options(ROOT, v.path);
      const result = load(text, opts);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      const ours = errors.length === 0 && result.component ? 'valid' : 'invalid';
      const want = expected(v, raw);
      const summary = errors.slice(0, 3).map((d) => `${d.code} ${d.path} ${d.message}`);
      if (DISAGREEMENTS[v.path]) expect(ours, `expected to differ from pyagentspec (${want})`).not.toBe(want);
      else expect(ours === want ? [ours] : [ours, ...summary], v.error).toEqual([want]);

      // every refusal is coded
      for (const d of errors) expect(d.code).toMatch(/^AS_[A-Z_]+$/);
      if (ours === 'invalid') return;

      // what loads is stable: save -> load -> save gives the same bytes
      const first = serialize(deserialize(text, opts), { includeSensitiveFields: true });
      const second = serialize(deserialize(first, opts), { includeSensitiveFields: true });
      expect(second).toBe(first);

      // and our published JSON Schema of its version accepts it as written
      const doc = (v.path.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Record<string, unknown>;
      const version = parseVersion(doc.agentspec_version ?? doc.air_version) ?? LATEST_VERSION;
      const validate = validator(version);
      expect(validate(doc) ? [] : validate.errors?.slice(0, 3), `schema ${version}`).toEqual([]);
    });
  }

  it('the four invalid/ documents are refused, each with coded errors', () => {
    const invalid = all.filter((v) => v.path.includes('/invalid/'));
    expect(invalid).toHaveLength(4);
    for (const v of invalid) {
      const errors = load(readFileSync(join(ROOT, v.path), 'utf8')).diagnostics.filter((d) => d.severity === 'error');
      expect(errors.length, v.path).toBeGreaterThan(0);
      for (const d of errors) expect(d.code).toMatch(/^AS_[A-Z_]+$/);
    }
  });

  it('a plugin component without its plugin is refused naming the plugin (AS_PLUGIN_MISSING)', () => {
    const text = readFileSync(join(ROOT, 'docs/pyagentspec/source/agentspec_config_examples/plugin_assistant.yaml'), 'utf8');
    const [d] = load(text).diagnostics.filter((x) => x.severity === 'error');
    expect(d).toMatchObject({ code: 'AS_PLUGIN_MISSING' });
    expect(d?.message).toContain('PydanticComponentPlugin');
  });

  it('without its registry, the datastore document loads with AS_SECRET_MISSING warnings (PY-5), pyagentspec refuses it', () => {
    const text = readFileSync(join(ROOT, 'docs/pyagentspec/source/agentspec_config_examples/howto_oracle_datastore.json'), 'utf8');
    const r = load(text);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['AS_SECRET_MISSING', 'warning'], ['AS_SECRET_MISSING', 'warning'], ['AS_SECRET_MISSING', 'warning'],
    ]);
    expect(README).toMatch(/\bPY-5\b/);
  });

  it('a disaggregated main document without its companion is refused, naming what is missing', () => {
    const text = readFileSync(join(ROOT, 'docs/pyagentspec/source/agentspec_config_examples/howto_disaggregated_main_config.yaml'), 'utf8');
    expect(load(text).diagnostics.map((d) => [d.code, d.path])).toEqual([['AS_DANGLING_REF', '/llm_config'], ['AS_DANGLING_REF', '/tools/0']]);
  });
});
