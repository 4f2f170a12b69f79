import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parseDocument, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AgentSpecLoadError, deserialize, load } from '../src/index.js';
import { inspectYaml } from '../src/serialization/yaml-nodes.js';

const HEAD = { component_type: 'ServerTool', id: 't', name: 't', agentspec_version: '25.4.1' };
const yamlHead = 'component_type: ServerTool\nid: t\nname: t\nagentspec_version: 25.4.1\n';

describe('many diagnostics', () => {
  it('200,000 invalid entries give the first 1,000 diagnostics and one counting the rest (no stack overflow)', () => {
    const text = JSON.stringify({ ...HEAD, inputs: new Array(200_000).fill(null) });
    const r = load(text);
    expect(r.diagnostics).toHaveLength(1_001);
    expect(r.diagnostics.slice(0, 1_000).every((d) => d.code === 'AS_INVALID_PROPERTY')).toBe(true);
    expect(r.diagnostics[999]).toMatchObject({ path: '/inputs/999', line: 1 });
    const last = r.diagnostics[1_000]!;
    expect(last).toMatchObject({ code: 'AS_TOO_MANY_DIAGNOSTICS', severity: 'error', path: '' });
    expect(last.message).toContain('199000 more');
    expect(() => deserialize(text)).toThrow(AgentSpecLoadError);
  });

  it('the cap is a load option; when only warnings are left out the summary is a warning', () => {
    const extra = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`x${i}`, i]));
    const text = JSON.stringify({ ...HEAD, ...extra });
    const r = load(text, { maxDiagnostics: 10 });
    expect(r.diagnostics.map((d) => d.code)).toEqual([...new Array(10).fill('AS_UNKNOWN_FIELD'), 'AS_TOO_MANY_DIAGNOSTICS']);
    expect(r.diagnostics[10]).toMatchObject({ severity: 'warning' });
    expect(deserialize(text).component_type).toBe('ServerTool');
  });

  it('parse errors are capped too (20,000 duplicate keys)', () => {
    const text = `${yamlHead}${'metadata: {}\n'.repeat(20_000)}`;
    const r = load(text);
    expect(r.diagnostics).toHaveLength(1_001);
    expect(r.diagnostics[0]).toMatchObject({ code: 'AS_PARSE_YAML', line: 6, column: 1 });
    expect(r.diagnostics[1_000]).toMatchObject({ code: 'AS_TOO_MANY_DIAGNOSTICS', severity: 'error' });
  });
});

describe('YAML load is linear', () => {
  it('duplicate keys are found by one Set lookup per key, each node visited once', () => {
    const n = 20_000;
    const text = `m:\n${Array.from({ length: n }, (_, i) => `  k${i}: ${i}\n`).join('')}`;
    const seen = inspectYaml(parseDocument(text, { uniqueKeys: false }), 256);
    expect(seen.keyLookups).toBe(n + 1);
    expect(seen.nodes).toBe(2 * n + 3);
    expect(seen.duplicates).toEqual([]);
  });

  it('duplicate keys are still reported, with their line and column', () => {
    const r = load(`${yamlHead}metadata:\n  a: 1\n  b: 2\n  a: 3\n`);
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['AS_PARSE_YAML', 8, 3]]);
    expect(load('a: 1\n1: x\n"1": y\n').diagnostics.map((d) => [d.code, d.line])).toEqual([['AS_PARSE_YAML', 3]]);
  });

  it('50,000 keys in one mapping load, with located diagnostics', () => {
    const text = `${yamlHead}${Array.from({ length: 50_000 }, (_, i) => `k${i}: ${i}\n`).join('')}`;
    const r = load(text);
    expect(r.diagnostics).toHaveLength(1_001);
    expect(r.diagnostics[999]).toMatchObject({ code: 'AS_UNKNOWN_FIELD', path: '/k999', line: 1_004, column: 7 });
    expect((r.component as Record<string, unknown> | undefined)?.k49999).toBe(49_999);
  });
});

describe('YAML alias amplification', () => {
  /** A 1.1 MB list under one anchor, used 99 times in an unknown field. */
  const amplified = (uses: number, items = 110_000, itemLength = 8) =>
    `${yamlHead}blob: &b [${new Array(items).fill(`"${'a'.repeat(itemLength)}"`).join(',')}]\ncopies: [${new Array(uses).fill('*b').join(', ')}]\n`;

  it('a 1.1 MB document with one anchor used 99 times is refused with a coded error', () => {
    const text = amplified(99);
    expect(text.length).toBeGreaterThan(1_100_000);
    const r = load(text);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['AS_LIMIT_EXPANSION']);
    expect(r.component).toBeUndefined();
    expect(load(amplified(99, 1_000, 1_100), { limits: { maxExpansion: 200 } }).diagnostics.map((d) => d.code)).toEqual(['AS_UNKNOWN_FIELD', 'AS_UNKNOWN_FIELD']);
  });

  it('without aliases, the expanded size stays within twice the text (a document is never refused for its own size)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (v, flow) => {
        const text = stringify(v, { collectionStyle: flow ? 'flow' : 'block' });
        expect(inspectYaml(parseDocument(text), 256).expandedSize).toBeLessThanOrEqual(2 * text.length + 2);
      }),
      { numRuns: 300 },
    );
  });

  it('ordinary reuse of anchors stays within the budget', () => {
    const text = `${yamlHead}metadata:\n  base: &b {a: 1, b: [x, y, z]}\n  uses: [${new Array(90).fill('*b').join(', ')}]\n`;
    expect(load(text).diagnostics).toEqual([]);
  });

  it('memory stays bounded while refusing it (RSS of a child process loading, then serializing what it got)', () => {
    const dist = new URL('../dist/index.js', import.meta.url).href;
    const script = `
      const { load, serialize } = await import(${JSON.stringify(dist)});
      const yamlHead = ${JSON.stringify(yamlHead)};
      const text = (${amplified.toString()})(99, 1_000, 1_100);
      globalThis.gc?.();
      const before = process.memoryUsage().rss;
      const r = load(text);
      if (r.component) serialize(r.component);
      const after = process.memoryUsage().rss;
      console.log(JSON.stringify({ codes: r.diagnostics.map((d) => d.code), growth: after - before }));`;
    const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)), maxBuffer: 1 << 20 });
    expect(child.status, child.stderr).toBe(0);
    const out = JSON.parse(child.stdout) as { codes: string[]; growth: number };
    expect(out.codes).toEqual(['AS_LIMIT_EXPANSION']);
    expect(out.growth).toBeLessThan(100 * 1024 * 1024);
  });
});
