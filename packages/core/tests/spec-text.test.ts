import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { deserialize, load, serialize, type Format } from '../src/index.js';

/** The complete configurations printed in the 25.4.1 language spec text, with their expected outcomes. */
const DIR = new URL('./fixtures/spec-text/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, DIR), 'utf8');

interface Outcome {
  file: string;
  format?: Format;
  referenced?: string;
  load?: 'ok';
  diagnostics?: { code: string; path: string; line?: number; column?: number }[];
}

const { outcomes } = parse(read('outcomes.yaml')) as { outcomes: Outcome[] };

describe('configurations printed in the language spec', () => {
  it('every fixture file has an outcome', () => {
    const files = readdirSync(DIR).filter((f) => f !== 'outcomes.yaml');
    expect([...new Set(outcomes.map((o) => o.file).concat(outcomes.flatMap((o) => (o.referenced ? [o.referenced] : []))))].sort()).toEqual(files.sort());
  });

  for (const o of outcomes) {
    it(`${o.file}${o.referenced ? ` with ${o.referenced}` : ''}: ${o.load ?? o.diagnostics?.map((d) => d.code).join(', ')}`, () => {
      const result = load(read(o.file), { ...(o.format ? { format: o.format } : {}), ...(o.referenced ? { referenced: read(o.referenced) } : {}) });
      const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => {
        const want = o.diagnostics?.find((x) => x.code === d.code && x.path === d.path);
        return want?.line !== undefined ? { code: d.code, path: d.path, line: d.line, column: d.column } : { code: d.code, path: d.path };
      });
      expect(errors).toEqual(o.load === 'ok' ? [] : o.diagnostics);
      if (o.load === 'ok') {
        // what loads also round-trips: written and read back, the same component
        const c = result.component!;
        expect(deserialize(serialize(c))).toEqual(c);
      }
    });
  }

  it('the JSON Example is refused for wiring a string into an object, naming the edge and its line', () => {
    const d = load(read('json-example-flow.json')).diagnostics.find((x) => x.path === '/data_flow_connections/0');
    expect(d).toMatchObject({ code: 'AS_DATA_TYPE_MISMATCH', line: expect.any(Number) });
    expect(d?.message).toBe("output 'Input_1' (string) cannot be cast to input 'Input_2' (object)");
  });
});
