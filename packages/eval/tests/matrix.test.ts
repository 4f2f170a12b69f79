import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatJunit, planFromConfig, readEvalConfig, runEval, toolsFromModule, type EvalPlan } from '../src/index.js';

const example = (p: string) => fileURLToPath(new URL(`../../../examples/eval/${p}`, import.meta.url));
const tools = await toolsFromModule(example('customer-service/tools.ts'));

/** The customer-service example on the five runtimes, offline, 2 repeats. */
function plan(overrides: Partial<EvalPlan> = {}): EvalPlan {
  const base = planFromConfig(readEvalConfig(example('customer-service/eval.yaml')), example('customer-service'));
  const { passMetric: _pass, ...rest } = base;
  return { ...rest, repeats: 2, concurrency: 4, ...(overrides.metrics ? {} : { passMetric: 'trajectory' }), ...overrides };
}

describe('the matrix on all five runtimes (offline, scripted LLM)', () => {
  it('runs every item × repeat on every runtime; the same scores everywhere; pass@k and pass^k as worked out by hand', async () => {
    const p = plan();
    expect(p.runtimes).toEqual(['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra']);
    const seen: string[] = [];
    const { report, ran, resumed } = await runEval(p, { tools, onResult: ({ result }) => seen.push(result.key) });
    expect(ran).toBe(40); // 4 items × 2 repeats × 5 runtimes
    expect(resumed).toBe(0);
    expect(new Set(seen).size).toBe(40);
    expect(report.cells.map((c) => c.runtime)).toEqual(p.runtimes);
    for (const cell of report.cells) {
      const why = JSON.stringify(report.results.filter((r) => r.runtime === cell.runtime && (r.error || !r.pass)).map((r) => [r.itemId, r.repeat, r.error, r.trajectory.map((t) => t.tool), r.answer]));
      expect(cell.runs, cell.key).toBe(8);
      expect(cell.errors, `${cell.key} ${why}`).toEqual({});
      // refund-missing fails its trajectory on repeat 1 (the scripted model skips the lookup): 1 of 2 passes.
      // trajectory mean: (1 + 1 + 1 + 0.5 + 1 + 1 + 1 + 1) / 8 = 0.9375 (the failing run matches 1 call of max(2, 1))
      expect(cell.metrics.trajectory!.mean, `${cell.key} ${why}`).toBe(0.9375);
      expect(cell.metrics.reply!.mean, `${cell.key} ${why}`).toBe(1);
      expect(cell.passRate).toBe(0.875);
      // per item (n = 2): three items c = 2, one c = 1. pass^1 = (1+1+1+0.5)/4; pass^2 = (1+1+1+0)/4; pass@2 = 1
      expect(cell.passHatK).toEqual({ 1: 0.875, 2: 0.75 });
      expect(cell.passAtK).toEqual({ 1: 0.875, 2: 1 });
      expect(cell.latencyMs.mean).toBeGreaterThan(0);
      expect(cell.latencyMs.p95).toBeGreaterThanOrEqual(cell.latencyMs.p50);
      expect(cell.llmCalls).toBeGreaterThanOrEqual(8 * 2);
    }
    // the trajectory of a run comes from its trace, with arguments and results
    const refund = report.results.find((r) => r.runtime === 'reference' && r.itemId === 'refund-damaged')!;
    expect(refund.trajectory).toEqual([
      { tool: 'lookup_order', args: { order_id: 'A1002' }, result: 'A1002: delivered, 49.90 EUR' },
      { tool: 'refund_order', args: { order_id: 'A1002', reason: 'damaged' }, result: 'refund R-A1002 issued (damaged)' },
    ]);
    expect(refund.answer).toBe('Done: the refund R-A1002 for order A1002 (49.90 EUR) is on its way.');
    expect(refund.steps.map((s) => `${s.kind}:${s.name}`)).toEqual(['llm:support model', 'tool:lookup_order', 'llm:support model', 'tool:refund_order', 'llm:support model']);
    // Mastra streams no tool spans: its trajectory comes from the conversation, the same
    expect(report.results.find((r) => r.runtime === 'mastra' && r.itemId === 'refund-damaged')!.trajectory).toEqual(refund.trajectory);
    // the reference runtime's LLM spans carry usage: tokens add up
    const ref = report.cells.find((c) => c.runtime === 'reference')!;
    expect(ref.tokens.runsWithUsage).toBe(8);
    expect(ref.tokens.input).toBeGreaterThan(0);
    // JUnit: one testcase per item × cell, refund-missing failing on each runtime
    const junit = formatJunit(report);
    expect(junit.match(/<testcase /g)).toHaveLength(20);
    expect(junit.match(/<failure /g)).toHaveLength(5);
    expect(junit).toContain('<testcase name="refund-missing" classname="eval.agent.langgraph.spec"');
    expect(junit).toMatch(/passed 1\/2 run\(s\); trajectory 0\.750, reply 1\.000/);
  });

  it('per-item timeouts end a run with AS_EVAL_TIMEOUT; transient failures are retried, the attempts counted', async () => {
    const dataset = plan().dataset;
    const slow = {
      ...dataset,
      items: [{ id: 'slow', messages: ['Where is my order A1001?'], expected: 'x', scripted: [{ match: {}, answer: { delayMs: 3_000, text: 'late' } }] }],
    };
    const timed = await runEval(plan({ dataset: slow, runtimes: ['reference'], repeats: 1, timeoutMs: 300, retries: 1, metrics: ['exact'] }), { tools });
    const r = timed.report.results[0]!;
    expect(r.error?.code).toBe('AS_EVAL_TIMEOUT');
    expect(r.attempts).toBe(2); // a timeout is retried once (retries: 1), then recorded
    expect(r.metrics.exact).toEqual({ score: 0, pass: false, error: 'the run failed (AS_EVAL_TIMEOUT)' });
    expect(timed.report.cells[0]!.errors).toEqual({ AS_EVAL_TIMEOUT: 1 });
    expect(timed.report.cells[0]!.retries).toBe(1);

    // a 500 on the first LLM request of each attempt: the runtime's own LLM retries absorb it (attempts stays 1)
    const flaky = {
      ...dataset,
      items: [{ id: 'flaky', messages: ['Where is my order A1001?'], expected: 'shipped', scripted: [
        { match: {}, times: 1, answer: { error: { status: 500, message: 'overloaded' } } },
        { match: {}, answer: { text: 'It has shipped.' } },
      ] }],
    };
    const ok = await runEval(plan({ dataset: flaky, runtimes: ['reference'], repeats: 1, metrics: [{ metric: 'regex', pattern: 'shipped' }] }), { tools });
    expect(ok.report.results[0]).toMatchObject({ status: 'user_input', attempts: 1, pass: true });
  });

  it('LLM configs are a dimension of the matrix: each replaces every LLM config of the spec', async () => {
    const files = { small: 'component_type: OpenAiCompatibleConfig\nid: small\nname: small\nmodel_id: small-model\nurl: http://127.0.0.1:9\nagentspec_version: 25.4.1\n' };
    const dataset = plan().dataset;
    const oneItem = { ...dataset, items: [{ id: 'm', messages: ['Which model?'], expected: 'small', scripted: [
      { match: { model: 'small-model' }, answer: { text: 'small' } },
      { match: {}, answer: { text: 'support' } },
    ] }] };
    const { report } = await runEval(plan({ dataset: oneItem, runtimes: ['reference', 'ai-sdk'], repeats: 1, llms: [{ id: 'spec' }, { id: 'small', text: files.small }], metrics: ['exact'] }), { tools });
    expect(report.cells.map((c) => [c.key, c.metrics.exact!.mean])).toEqual([
      ['agent · reference · spec', 0], ['agent · reference · small', 1], ['agent · ai-sdk · spec', 0], ['agent · ai-sdk · small', 1],
    ]);
    expect(report.results.find((r) => r.llm === 'small' && r.runtime === 'reference')!.model).toBe('small-model');
    expect(readFileSync(example('customer-service/agent.yaml'), 'utf8')).toContain('support-model');
  });

  it('text-to-SQL example: execution accuracy on shop.db, equivalent queries counted (a flow, on two runtimes)', async () => {
    const p = planFromConfig(readEvalConfig(example('text-to-sql/eval.yaml')), example('text-to-sql'));
    const { report } = await runEval({ ...p, runtimes: ['reference', 'langgraph'] });
    // 4 of 6: three rewrites and the anti-join count; COUNT(*) misses the top customer (a tie), `FROM order` fails
    expect(report.cells.map((c) => c.metrics.sql_execution!.mean)).toEqual([4 / 6, 4 / 6].map((x) => Math.round(x * 1e6) / 1e6));
    const march = report.results.find((r) => r.itemId === 'march')!;
    expect(march.metrics.sql_execution!.details?.error).toMatch(/syntax error/);
    expect(report.results.find((r) => r.itemId === 'top-customer')!.metrics.sql_execution!.score).toBe(0);
  });
});
