import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { load } from '../src/index.js';
import { inspectYaml } from '../src/serialization/yaml-nodes.js';

const yamlHead = 'component_type: ServerTool\nid: t\nname: t\nagentspec_version: 25.4.1\n';

describe('property tests of the loader limits', () => {
  it('diagnostics: the first maxDiagnostics, then exactly one counting the rest', () => {
    fc.assert(
      fc.property(fc.nat(3_000), fc.integer({ min: 0, max: 1_500 }), fc.boolean(), (n, max, yaml) => {
        const value = { component_type: 'ServerTool', id: 't', name: 't', agentspec_version: '25.4.1', inputs: new Array(n).fill(null) };
        const text = yaml ? `${yamlHead}inputs: [${new Array(n).fill('null').join(', ')}]\n` : JSON.stringify(value);
        const r = load(text, { maxDiagnostics: max });
        expect(r.diagnostics).toHaveLength(n > max ? max + 1 : n);
        if (n > max) {
          expect(r.diagnostics[max]).toMatchObject({ code: 'AS_TOO_MANY_DIAGNOSTICS', severity: 'error' });
          expect(r.diagnostics[max]!.message).toContain(`${n - max} more`);
        }
        for (const d of r.diagnostics.slice(0, Math.min(n, max))) expect(d).toMatchObject({ code: 'AS_INVALID_PROPERTY', line: expect.any(Number) });
      }),
      { numRuns: 60 },
    );
  });

  it('duplicate keys: exactly the repeated keys of each mapping, one Set lookup per key', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', '1', 'x y'), { maxLength: 12 }), { minLength: 1, maxLength: 5 }), (maps) => {
        const text = maps.map((keys, i) => `m${i}:\n${keys.map((k, j) => `  "${k}": ${j}\n`).join('')}${keys.length === 0 ? '  {}\n' : ''}`).join('');
        const seen = inspectYaml(parseDocument(text, { uniqueKeys: false }), 256);
        const repeated = maps.reduce((sum, keys) => sum + keys.length - new Set(keys).size, 0);
        expect(seen.duplicates).toHaveLength(repeated);
        expect(seen.keyLookups).toBe(maps.length + maps.reduce((sum, keys) => sum + keys.length, 0));
        const codes = load(text).diagnostics.map((d) => d.code);
        if (repeated > 0) expect(codes).toEqual(new Array(repeated).fill('AS_PARSE_YAML'));
        else expect(codes).not.toContain('AS_PARSE_YAML');
      }),
      { numRuns: 200 },
    );
  });

  it('alias expansion: the computed size is the size of the expanded value, and the budget refuses past it', () => {
    // lists of strings under anchors, then lists of aliases to the last anchors (sizes grow geometrically)
    const entry = fc.oneof(
      { arbitrary: fc.string({ maxLength: 30 }).map((s) => ({ s })), weight: 1 },
      { arbitrary: fc.integer({ min: 1, max: 4 }).map((r) => ({ r })), weight: 3 },
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 20, size: 'max' }), fc.nat(10), (entries, nest) => {
        const lines = entries.map((e, i) => {
          if ('s' in e || i === 0) return `- &n${i} [${JSON.stringify('s' in e ? e.s : 'x')}${', "z"'.repeat(nest)}]`;
          const last = Array.from({ length: Math.min(i, 3) }, (_, k) => `*n${i - 1 - k}`);
          return `- &n${i} [${new Array(e.r).fill(last.join(', ')).join(', ')}]`;
        });
        const text = `${lines.join('\n')}\n# ${'-'.repeat(1_100_000)}\n`; // past the 1 MiB floor: the ratio decides
        const parsed = parseDocument(text, { uniqueKeys: false });
        const expected = expandedSize(parsed.toJS({ maxAliasCount: -1 }), new Map());
        expect(inspectYaml(parsed, 256).expandedSize).toBe(expected);
        const ratio = expected / text.length;
        const refused = (max: number) => load(text, { limits: { maxExpansion: max, maxAliases: -1 } }).diagnostics.some((d) => d.code === 'AS_LIMIT_EXPANSION');
        if (expected > 1024 * 1024) expect(refused(ratio * 0.999)).toBe(true);
        if (expected < 5_000_000) expect(refused(ratio * 1.001)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });
});

/** Size of a plain value with shared parts counted each time they appear: string characters plus one per node. */
function expandedSize(v: unknown, memo: Map<unknown, number>): number {
  if (typeof v === 'string') return 1 + v.length;
  if (!Array.isArray(v)) return 1;
  const known = memo.get(v);
  if (known !== undefined) return known;
  const n = v.reduce((sum: number, x) => sum + expandedSize(x, memo), 1);
  memo.set(v, n);
  return n;
}
