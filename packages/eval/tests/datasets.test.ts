import { describe, expect, it } from 'vitest';
import { DatasetBuilder, datasetFromItems, parseCsv, readDataset } from '../src/index.js';
import { tempFiles } from './helpers.js';

describe('datasets', () => {
  it('reads JSONL: one item per line, blank and // lines skipped, input as one user message', () => {
    const files = tempFiles({
      'qa.jsonl': [
        '{"id":"q1","input":"Capital of France?","expected":"Paris"}',
        '',
        '// a comment',
        '{"messages":["hi","refund order 7"],"expected":"done","trajectory":["lookup_order",{"tool":"refund","args":{"order":7}}]}',
      ].join('\n'),
    });
    const d = readDataset(files('qa.jsonl'));
    expect(d.name).toBe('qa');
    expect(d.items).toEqual([
      { id: 'q1', messages: ['Capital of France?'], expected: 'Paris' },
      { id: '1', messages: ['hi', 'refund order 7'], expected: 'done', trajectory: [{ tool: 'lookup_order' }, { tool: 'refund', args: { order: 7 } }] },
    ]);
    expect(d.hash).toMatch(/^[0-9a-f]{16}$/);
  });
  it('reads CSV with quoted fields, inputs.<name> columns (JSON when it parses) and JSON columns', () => {
    const files = tempFiles({
      'calc.csv': 'id,inputs.a,inputs.city,expected,trajectory\r\n1,30,"Zurich, CH","He said ""hi""\nthen left","[""add""]"\r\n2,x,Bern,"{""sum"":3}",\r\n',
    });
    const d = readDataset(files('calc.csv'));
    expect(d.items).toEqual([
      { id: '1', inputs: { a: 30, city: 'Zurich, CH' }, expected: 'He said "hi"\nthen left', trajectory: [{ tool: 'add' }] },
      { id: '2', inputs: { a: 'x', city: 'Bern' }, expected: { sum: 3 } },
    ]);
    expect(parseCsv('a,b\n"1\n2",3\n').lines).toEqual([1, 2]);
  });
  it('reads YAML with a header: name, database (resolved against the file), shared scripted rules', () => {
    const files = tempFiles({
      'sql.yaml': `name: tiny-sql
database: hr.db
scripted:
  - { match: {}, answer: { text: SELECT 1 } }
items:
  - { id: a, query: "How many?", reference: "SELECT COUNT(*) FROM t", scripted: [{ match: { lastUserMessage: { contains: many } }, answer: { text: "SELECT COUNT(*) FROM t" } }] }
`,
    });
    const d = readDataset(files('sql.yaml'));
    expect(d.name).toBe('tiny-sql');
    expect(d.database).toBe(files('hr.db'));
    expect(d.scripted).toHaveLength(1);
    expect(d.items[0]).toMatchObject({ id: 'a', messages: ['How many?'], expected: 'SELECT COUNT(*) FROM t' });
    expect(d.items[0]!.scripted).toHaveLength(1);
  });
  it('reports problems with the file, line and field', () => {
    const files = tempFiles({
      'bad.jsonl': '{"id":1}\n{"id":2, "expectd": "x"}\n',
      'dup.jsonl': '{"id":1}\n{"id":"1"}\n',
      'json.jsonl': '{"id":1}\n{oops}\n',
      'rules.jsonl': '{"scripted":[{"match":{"nope":1},"answer":{"text":"x"}}]}\n',
      'bad.csv': 'id,expected\n1,2,3\n',
      'x.txt': '',
    });
    expect(() => readDataset(files('bad.jsonl'))).toThrow(/AS_EVAL_DATASET: .*bad\.jsonl:2: unknown field expectd/);
    expect(() => readDataset(files('dup.jsonl'))).toThrow(/the id '1' is used by two items/);
    expect(() => readDataset(files('json.jsonl'))).toThrow(/json\.jsonl:2: not JSON/);
    expect(() => readDataset(files('rules.jsonl'))).toThrow(/scripted is not a list of scripted LLM rules: .*nope/);
    expect(() => readDataset(files('bad.csv'))).toThrow(/bad\.csv:2: 3 fields, the header has 2/);
    expect(() => readDataset(files('x.txt'))).toThrow(/a dataset is a \.jsonl, \.csv/);
    expect(() => readDataset(files('missing.jsonl'))).toThrow(/cannot read the dataset/);
  });
  it('builds datasets in code, checked like files', () => {
    const d = new DatasetBuilder('capitals').add({ input: 'Capital of France?', expected: 'Paris' }).add({ id: 'de', input: 'Capital of Germany?', expected: 'Berlin' }).withDatabase('/tmp/x.db').build();
    expect(d.items.map((i) => i.id)).toEqual(['0', 'de']);
    expect(d.database).toBe('/tmp/x.db');
    expect(datasetFromItems('same', [{ input: 'Capital of France?', expected: 'Paris' }, { id: 'de', input: 'Capital of Germany?', expected: 'Berlin' }]).hash).toBe(d.hash);
    expect(() => new DatasetBuilder('x').add({ input: 'a', messages: ['b'] } as never)).toThrow(/either input .* or messages/);
    expect(() => new DatasetBuilder('empty').build()).toThrow(/has no item/);
  });
});
