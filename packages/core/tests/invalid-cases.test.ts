import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.js';

/** The invalid single-defect documents of the conformance suite (conformance/cases/_invalid_). */
const ROOT = new URL('../../../conformance/cases/_invalid_/', import.meta.url);

interface Expected {
  code: string;
  path: string;
  line?: number;
  column?: number;
}

const cases = readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

describe('invalid documents: each gives exactly its expected errors', () => {
  it('there are at least 40 of them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  for (const id of cases) {
    it(id, () => {
      const dir = new URL(`${id}/`, ROOT);
      const specFile = ['spec.yaml', 'spec.json'].map((f) => new URL(f, dir)).find((u) => existsSync(u));
      expect(specFile, 'spec.yaml or spec.json').toBeDefined();
      const meta = parse(readFileSync(new URL('case.yaml', dir), 'utf8')) as { expect: { diagnostics: Expected[] } };
      const errors = validate(readFileSync(specFile!, 'utf8')).filter((d) => d.severity === 'error');
      const got = errors.map((d) => {
        const want = meta.expect.diagnostics.find((e) => e.code === d.code && e.path === d.path);
        return want?.line !== undefined ? { code: d.code, path: d.path, line: d.line, column: d.column } : { code: d.code, path: d.path };
      });
      const sortKey = (x: Expected) => `${x.code} ${x.path}`;
      expect(got.sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
        [...meta.expect.diagnostics].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
      );
    });
  }
});
