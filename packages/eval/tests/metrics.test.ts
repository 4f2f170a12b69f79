import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startScriptedLlm } from '@agentspec/testing';
import {
  openSqlite, exactMatchMetric, f1Metric, jsonFieldsMetric, llmJudgeMetric, metricFromConfig, normalizeText, numberIn, numericMetric, regexMetric,
  sqlExecutionMetric, tokenF1, trajectoryMetric, type LlmJudgeOptions,
} from '../src/index.js';
import { input, tempFiles } from './helpers.js';

describe('f1 (token F1, SQuAD normalization)', () => {
  it('normalizes case, punctuation, articles and blanks', () => {
    expect(normalizeText('  The Eiffel-Tower, in PARIS!  ')).toBe('eiffel tower in paris');
  });
  it.each([
    // prediction, reference, F1 worked out by hand
    ['the Eiffel Tower', 'Eiffel Tower', 1], // same tokens after normalization
    ['Paris is the capital', 'Paris', 0.5], // P = 1/3, R = 1 → 2·(1/3)/(4/3)
    ['blue green', 'green red blue', 0.8], // common 2: P = 1, R = 2/3 → 2·(2/3)/(5/3)
    ['x x y', 'x y y', 2 / 3], // multiset common: one x, one y → P = R = 2/3
    ['Berlin', 'Paris', 0],
    ['', '', 1],
    ['', 'Paris', 0],
  ])('F1(%j, %j) = %d', (prediction, reference, f1) => {
    expect(tokenF1(prediction, reference).f1).toBeCloseTo(f1, 10);
  });
  it('takes the best of several references; passes from the threshold', async () => {
    const metric = f1Metric();
    const r = await metric.score(input({ expected: ['Paris', 'City of Light'] }, { answer: 'the city of light' }));
    expect(r).toEqual({ score: 1, pass: true, details: { precision: 1, recall: 1, reference: 'City of Light' } });
    const half = await f1Metric({ threshold: 0.6 }).score(input({ expected: 'Paris' }, { answer: 'Paris is the capital' }));
    expect(half.score).toBeCloseTo(0.5);
    expect(half.pass).toBe(false);
  });
});

describe('exact', () => {
  it('compares trimmed text, normalized text on demand, and JSON values deeply', async () => {
    const exact = exactMatchMetric();
    expect((await exact.score(input({ expected: 'Paris' }, { answer: ' Paris\n' }))).score).toBe(1);
    expect((await exact.score(input({ expected: 'Paris' }, { answer: 'paris.' }))).score).toBe(0);
    expect((await exactMatchMetric({ normalize: true }).score(input({ expected: 'Paris' }, { answer: 'paris.' }))).score).toBe(1);
    expect((await exact.score(input({ expected: { a: 1, b: [2] } }, { answer: '{"b":[2],"a":1}' }))).pass).toBe(true);
    expect((await exact.score(input({ expected: 42 }, { answer: 42 }))).pass).toBe(true);
    expect((await exact.score(input({ expected: ['Paris', 'paris'] }, { answer: 'paris' }))).pass).toBe(true);
  });
});

describe('numeric', () => {
  it('reads the last number of a text, thousands commas included', () => {
    expect(numberIn('The total is 1,234.50 dollars')).toBe(1234.5);
    expect(numberIn('between 3 and -7.5e2')).toBe(-750);
    expect(numberIn('none')).toBeUndefined();
  });
  it('passes within the absolute or relative tolerance', async () => {
    expect((await numericMetric().score(input({ expected: 1234.5 }, { answer: 'The total is 1,234.50 dollars' }))).pass).toBe(true);
    expect((await numericMetric({ tolerance: 0.01 }).score(input({ expected: 3.14 }, { answer: '3.14159' }))).pass).toBe(true); // |Δ| = 0.00159
    expect((await numericMetric({ tolerance: 0.001 }).score(input({ expected: 3.14 }, { answer: '3.14159' }))).pass).toBe(false);
    expect((await numericMetric({ relative: 0.1 }).score(input({ expected: '100' }, { answer: 95 }))).pass).toBe(true); // 5 ≤ 10
    const miss = await numericMetric({ relative: 0.1 }).score(input({ expected: 100 }, { answer: 'about 89' }));
    expect(miss).toEqual({ score: 0, pass: false, details: { expected: 100, actual: 89, difference: 11, allowed: 10 } });
    expect((await numericMetric().score(input({ expected: 1 }, { answer: 'no idea' }))).details?.reason).toBe('the answer has no number');
  });
});

describe('json_fields', () => {
  it('scores the share of expected fields the answer has, fenced JSON read', async () => {
    const r = await jsonFieldsMetric().score(input({ expected: { city: 'Paris', temp: 20 } }, { answer: '```json\n{"city":"Paris","temp":21,"extra":1}\n```' }));
    expect(r.score).toBe(0.5);
    expect(r.pass).toBe(false);
    expect(r.details?.mismatched).toEqual({ temp: { expected: 20, actual: 21 } });
    expect((await jsonFieldsMetric({ fields: ['city', 'where.country'] }).score(input({ expected: { city: 'Paris', where: { country: 'FR' } } }, { answer: { city: 'Paris', where: { country: 'FR' }, temp: 3 } }))).pass).toBe(true);
    expect((await jsonFieldsMetric().score(input({ expected: { a: 1 } }, { answer: 'not json' }))).score).toBe(0);
  });
});

describe('regex', () => {
  it('matches the metric pattern, or the item expected as a pattern', async () => {
    expect((await regexMetric({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }).score(input({}, { answer: '2024-05-01' }))).pass).toBe(true);
    expect((await regexMetric({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }).score(input({}, { answer: 'May 1st' }))).pass).toBe(false);
    expect((await regexMetric({ flags: 'i' }).score(input({ expected: 'order\\s+#?\\d+' }, { answer: 'Your ORDER #42 shipped' }))).pass).toBe(true);
  });
});

describe('sql_execution (execution accuracy on a real SQLite database)', () => {
  const files = tempFiles();
  const path = files('hr.db');
  const db = openSqlite(path, { readonly: false });
  db.exec(`CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, dept TEXT, salary INTEGER);
    INSERT INTO employees VALUES (1, 'Ada', 'eng', 90000), (2, 'Bob', 'eng', 45000), (3, 'Cy', 'ops', 52000), (4, 'Di', 'ops', 30000);`);
  db.close();
  const metric = sqlExecutionMetric();
  const score = async (predicted: string, gold: string, m = metric) => m.score(input({ expected: gold }, { answer: predicted }, { database: path }));

  it.each([
    ['SELECT name FROM employees WHERE NOT salary <= 50000', 'SELECT name FROM employees WHERE salary > 50000'],
    ['SELECT COUNT(id) FROM employees', 'SELECT COUNT(*) FROM employees'],
    ['```sql\nSELECT name FROM employees ORDER BY name DESC;\n```', 'SELECT name FROM employees ORDER BY name'],
    ['SELECT e.name FROM employees e WHERE e.dept IN (SELECT dept FROM employees WHERE name = \'Ada\')', "SELECT name FROM employees WHERE dept = 'eng'"],
  ])('equivalent: %s ≡ %s', async (predicted, gold) => {
    expect((await score(predicted, gold)).score).toBe(1);
  });
  it.each([
    ['SELECT name FROM employees WHERE salary >= 50000 OR dept = \'eng\'', 'SELECT name FROM employees WHERE salary > 50000'],
    ['SELECT name, dept FROM employees', 'SELECT dept, name FROM employees'],
    ['SELECT AVG(salary) FROM employees', 'SELECT SUM(salary) FROM employees'],
  ])('not equivalent: %s ≢ %s', async (predicted, gold) => {
    expect((await score(predicted, gold)).score).toBe(0);
  });
  it('compares as sets by default; multiset and ordered on demand', async () => {
    expect((await score('SELECT dept FROM employees', 'SELECT DISTINCT dept FROM employees')).score).toBe(1);
    expect((await score('SELECT dept FROM employees', 'SELECT DISTINCT dept FROM employees', sqlExecutionMetric({ compare: 'multiset' }))).score).toBe(0);
    expect((await score('SELECT name FROM employees ORDER BY name DESC', 'SELECT name FROM employees ORDER BY name', sqlExecutionMetric({ compare: 'ordered' }))).score).toBe(0);
  });
  it('a predicted query that fails or writes scores 0 with the error; a failing gold query throws', async () => {
    const broken = await score('SELEC name FROM employees', 'SELECT name FROM employees');
    expect(broken.score).toBe(0);
    expect(String(broken.details?.error)).toMatch(/syntax error/);
    const write = await score("DELETE FROM employees", 'SELECT name FROM employees');
    expect(write.score).toBe(0);
    expect(String(write.details?.error)).toMatch(/readonly|returns no rows/);
    await expect(score('SELECT 1', 'SELECT nope FROM employees')).rejects.toThrow(/the gold SQL fails: no such column: nope/);
    const db2 = openSqlite(path);
    expect(db2.prepare('SELECT COUNT(*) AS n FROM employees').get()).toEqual({ n: 4 });
    db2.close();
  });
});

describe('trajectory', () => {
  const expected = [{ tool: 'lookup_order', args: { id: 1 } }, { tool: 'refund', args: { id: 1 } }];
  const step = (tool: string, args: Record<string, unknown>) => ({ tool, args });
  const score = async (actual: ReturnType<typeof step>[], m = trajectoryMetric()) => (await m.score(input({ trajectory: expected }, { trajectory: actual }))).score;

  it('ordered: the same calls in order score 1, extra argument keys ignored (subset)', async () => {
    expect(await score([step('lookup_order', { id: 1, verbose: true }), step('refund', { id: 1 })])).toBe(1);
  });
  it('ordered: reversed calls match one of two (longest common subsequence)', async () => {
    expect(await score([step('refund', { id: 1 }), step('lookup_order', { id: 1 })])).toBe(0.5);
    expect(await score([step('refund', { id: 1 }), step('lookup_order', { id: 1 })], trajectoryMetric({ order: 'unordered' }))).toBe(1);
  });
  it('an extra call lowers the score unless allowed', async () => {
    const actual = [step('lookup_order', { id: 1 }), step('search', {}), step('refund', { id: 1 })];
    expect(await score(actual)).toBeCloseTo(2 / 3);
    expect(await score(actual, trajectoryMetric({ allowExtra: true }))).toBe(1);
  });
  it('arguments: a different value misses; exact refuses extra keys; ignore compares names only', async () => {
    expect(await score([step('lookup_order', { id: 1 }), step('refund', { id: 2 })])).toBe(0.5);
    expect(await score([step('lookup_order', { id: 1, verbose: true }), step('refund', { id: 1 })], trajectoryMetric({ args: 'exact' }))).toBe(0.5);
    expect(await score([step('lookup_order', { id: 9 }), step('refund', { id: 9 })], trajectoryMetric({ args: 'ignore' }))).toBe(1);
  });
});

describe('llm_judge (through the runtime backend, against the scripted LLM)', () => {
  const judgeLlm = { component_type: 'OpenAiCompatibleConfig', id: 'judge', name: 'judge', url: 'http://unused', model_id: 'judge-model' } as unknown as LlmJudgeOptions['llm'];
  it('asks for a structured verdict with the rubric, the reference and the answer', async () => {
    const llm = await startScriptedLlm([
      { match: { lastUserMessage: { contains: 'Answer to grade:\nParis, France' } }, answer: { structured: { score: 0.8, reason: 'correct, a little verbose' } } },
    ]);
    try {
      const metric = llmJudgeMetric({ llm: judgeLlm, rubric: 'Names the capital city.', llmOptions: { override: { url: llm.url, apiKey: 'x' } } });
      const r = await metric.score(input({ messages: ['Capital of France?'], expected: 'Paris' }, { answer: 'Paris, France' }));
      expect(r).toEqual({ score: 0.8, pass: true, details: { reason: 'correct, a little verbose', judge: 'judge' } });
      const sent = llm.lastRequest()!;
      expect(sent.model).toBe('judge-model');
      expect(sent.responseFormat).toMatchObject({ type: 'json_schema', name: 'verdict' });
      expect(sent.messages[0]!.content).toContain('Rubric:\nNames the capital city.');
      expect(sent.messages[0]!.content).toContain('Reference answer:\nParis');
    } finally {
      await llm.close();
    }
  });
  it('a reply that is no verdict is an error of the metric', async () => {
    const llm = await startScriptedLlm([{ match: {}, answer: { text: 'looks fine to me' } }]);
    try {
      const metric = llmJudgeMetric({ llm: judgeLlm, rubric: 'r', llmOptions: { override: { url: llm.url } } });
      await expect(metric.score(input({ expected: 'a' }, { answer: 'b' }))).rejects.toThrow(/the judge did not answer JSON: looks fine/);
    } finally {
      await llm.close();
    }
  });
  it('from a config: an LLM config file and scripted rules (offline)', async () => {
    const files = tempFiles({ 'judge.yaml': 'component_type: OpenAiCompatibleConfig\nid: j\nname: strict judge\nurl: http://127.0.0.1:9/v1\nmodel_id: m\nagentspec_version: 25.4.1\n' });
    const metric = await metricFromConfig({ metric: 'llm_judge', llm: 'judge.yaml', rubric: 'r', scripted: [{ match: {}, answer: { structured: { score: 0.2, reason: 'wrong city' } } }] }, { dir: files('.') });
    try {
      expect(await metric.score(input({ expected: 'Paris' }, { answer: 'Lyon' }))).toEqual({ score: 0.2, pass: false, details: { reason: 'wrong city', judge: 'strict judge' } });
    } finally {
      await metric.close?.();
    }
  });
});

describe('metrics from configs', () => {
  it('builds each named metric with its options; unknown names and options are AS_EVAL_METRIC', async () => {
    const dir = tempFiles()('.');
    expect((await metricFromConfig('f1', { dir })).name).toBe('f1');
    expect((await metricFromConfig({ metric: 'trajectory', order: 'unordered' }, { dir })).name).toBe('trajectory_unordered');
    expect((await metricFromConfig({ metric: 'exact', name: 'em' }, { dir })).name).toBe('em');
    await expect(metricFromConfig('bleu', { dir })).rejects.toThrow(/AS_EVAL_METRIC: unknown metric 'bleu' \(known: exact, f1, numeric/);
    await expect(metricFromConfig({ metric: 'f1', treshold: 1 }, { dir })).rejects.toThrow(/unknown option treshold/);
    await expect(metricFromConfig({ metric: 'numeric', tolerance: 'x' }, { dir })).rejects.toThrow(/tolerance must be a number/);
  });
  it('a user-defined metric from a module: a function (score, boolean or result) or a metric object', async () => {
    const files = tempFiles({
      'm.mjs': `export const short = ({ run }) => String(run.answer).length <= 10;
export const ratio = ({ run, item }) => String(run.answer).length / String(item.expected).length;
export default { name: 'polite', score: ({ run }) => ({ score: /please/i.test(run.answer) ? 1 : 0, pass: /please/i.test(run.answer), details: { checked: 'please' } }) };`,
    });
    const dir = files('.');
    const short = await metricFromConfig({ metric: 'module', module: 'm.mjs', export: 'short' }, { dir });
    expect(short.name).toBe('short');
    expect(await short.score(input({}, { answer: 'tiny' }))).toEqual({ score: 1, pass: true });
    const ratio = await metricFromConfig({ metric: 'module', module: 'm.mjs', export: 'ratio', threshold: 0.5 }, { dir });
    expect(await ratio.score(input({ expected: 'abcd' }, { answer: 'ab' }))).toEqual({ score: 0.5, pass: true });
    const polite = await metricFromConfig({ metric: 'module', module: 'm.mjs' }, { dir });
    expect(polite.name).toBe('polite');
    expect(await polite.score(input({}, { answer: 'Please wait' }))).toEqual({ score: 1, pass: true, details: { checked: 'please' } });
    await expect(metricFromConfig({ metric: 'module', module: 'm.mjs', export: 'nope' }, { dir })).rejects.toThrow(/has no metric export 'nope'/);
    writeFileSync(files('bad.mjs'), 'throw new Error("boom")');
    await expect(metricFromConfig({ metric: 'module', module: 'bad.mjs' }, { dir })).rejects.toThrow(/cannot load the metric module bad.mjs: boom/);
  });
});
