import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { conformanceSpecs, fieldPaths, misbehaviour, replaceAt, SHAPES, signature, type SpecFile } from './helpers/mutations.js';

const SPECS = conformanceSpecs();
/**
 * AGENTSPEC_EXHAUSTIVE=1 mutates every field path of every spec (about 62,000
 * documents, minutes); CI mutates every distinct field path signature (the
 * component types and field names along the path), about 3,000 documents.
 */
const EXHAUSTIVE = process.env.AGENTSPEC_EXHAUSTIVE === '1';
const text = (spec: SpecFile, value: unknown) => (spec.format === 'json' ? JSON.stringify(value, null, 2) : stringify(value));

describe('every field of every conformance spec replaced by null, a number, a string, {} or []', () => {
  it('loads into a component or coded diagnostics with a pointer and a line — never a raw exception', { timeout: EXHAUSTIVE ? 1_800_000 : 60_000 }, () => {
    expect(SPECS.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let documents = 0;
    const seen = new Set<string>();
    for (const spec of SPECS) {
      for (const path of fieldPaths(spec.value)) {
        const sig = signature(spec.value, path);
        if (!EXHAUSTIVE && seen.has(sig)) continue;
        seen.add(sig);
        for (const shape of SHAPES) {
          documents++;
          const why = misbehaviour(text(spec, replaceAt(spec.value, path, shape)));
          if (why) failures.push(`${spec.file} /${path.join('/')} = ${JSON.stringify(shape)}: ${why}`);
        }
      }
    }
    expect(documents).toBeGreaterThan(EXHAUSTIVE ? 50_000 : 3_000);
    expect(failures.slice(0, 30), `${failures.length} of ${documents} documents misbehave`).toEqual([]);
  });
});

describe('random mutations of conformance specs (property test)', () => {
  const hostile = fc.oneof(
    fc.constantFrom<unknown>(...SHAPES, [null], [{}], [42], { title: null }, [{ title: 'x', type: 42 }], { $component_ref: 'nowhere' }, -1, true),
    fc.jsonValue({ maxDepth: 2 }),
  );
  it('a few mutations at once never give a raw exception', () => {
    fc.assert(
      fc.property(fc.nat(SPECS.length - 1), fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 3 }), (i, edits) => {
        const spec = SPECS[i] as SpecFile;
        let doc = spec.value;
        for (const [n, replacement] of edits) {
          const paths = fieldPaths(doc);
          if (paths.length === 0) break;
          doc = replaceAt(doc, paths[n % paths.length] as (string | number)[], replacement);
        }
        const why = misbehaviour(text(spec, doc), true);
        expect(why).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });
});
