/**
 * kill -9 at each step boundary, then resume in a new process (issue 14):
 * after an LLM answer, after a tool, after a checkpoint — on every runtime and
 * store (SQLite with LangGraph's SQLite checkpointer and Mastra's LibSQL
 * store next to it, PostgreSQL, a JSON file). The session always completes,
 * every payment is made exactly once and no LLM request is repeated. Run
 * `pnpm build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, CrashBench, FLOW, RUNTIMES } from './crash-harness.js';
import { tempFiles } from './helpers.js';

const files = tempFiles({});
let bench: CrashBench;
beforeAll(async () => {
  bench = await CrashBench.start();
});
afterAll(() => bench.close());

/**
 * Crash points of the agent's run (DESIGN §11): `save:1` the checkpoint at its start, `llm-response:1` its first LLM
 * answer, `tool:1`/`tool:2` the payments, `save:7` its last checkpoint (start, five records, end), before the CLI's save.
 */
const AGENT_POINTS = ['save:1', 'llm-response:1', 'tool:1', 'tool:2', 'save:7'] as const;

async function crashThenResume(runtime: string, workload: typeof AGENT | typeof FLOW, point: string, where: readonly string[], name: string): Promise<string> {
  bench.reset();
  const first = await bench.run(workload.spec, runtime, ['--save', name, ...where], workload.opening, { AGENTSPEC_CRASH_AT: point });
  expect(first.signal, first.output).toBe('SIGKILL');
  const second = await bench.run(workload.spec, runtime, ['--resume', name, '--save', name, ...where], []);
  expect(second.code, second.output).toBe(0);
  return second.output;
}

// each case starts two node processes that load a framework: seconds each on a busy machine
describe('a run killed at a step boundary resumes in a new process with every effect once', { timeout: 120_000 }, () => {
  describe.each(RUNTIMES)('%s', (runtime) => {
    it.each(AGENT_POINTS)('agent, SQLite store, killed after %s', async (point) => {
      const output = await crashThenResume(runtime, AGENT, point, ['--store', files('sessions.db')], `agent-${runtime}-${point}`);
      expect(output).toContain('Paid both.');
      expect(bench.paid).toEqual([10, 5]);
      expect(bench.llm.requests).toHaveLength(3);
    });

    it.each(['tool:1', 'llm-response:2'])('flow, SQLite store, killed after %s', async (point) => {
      const output = await crashThenResume(runtime, FLOW, point, ['--store', files('sessions.db')], `flow-${runtime}-${point}`);
      expect(output).toContain('finished on branch next: {"note":"Charged."}');
      expect(bench.paid).toEqual([42]);
      expect(bench.llm.requests).toHaveLength(2);
    });

    it.each(['tool:1', 'save:7'])('agent, JSON file, killed after %s', async (point) => {
      const output = await crashThenResume(runtime, AGENT, point, ['--store', files('sessions.db')], files(`agent-${runtime}-${point}.json`));
      expect(output).toContain('Paid both.');
      expect(bench.paid).toEqual([10, 5]);
      expect(bench.llm.requests).toHaveLength(3);
    });

    const pg = process.env.AGENTSPEC_TEST_POSTGRES_URL;
    it.skipIf(!pg).each(['tool:1', 'save:7'])('agent, PostgreSQL store (AGENTSPEC_TEST_POSTGRES_URL), killed after %s', async (point) => {
      const output = await crashThenResume(runtime, AGENT, point, ['--store', pg as string], `crash-${process.pid}-${runtime}-${point}`);
      expect(output).toContain('Paid both.');
      expect(bench.paid).toEqual([10, 5]);
      expect(bench.llm.requests).toHaveLength(3);
    });
  });
});
