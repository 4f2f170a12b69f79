import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { BY_HAND } from '../src/by-hand-agents.js';

// The concurrency benchmark as `pnpm bench` runs it (dist/, after `pnpm build`), with a few sessions.
const SCRIPT = fileURLToPath(new URL('../dist/concurrency.js', import.meta.url));

const RULES = {
  rules: [{ match: { lastToolResult: { tool: 'lookup', contains: 'Italy' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'Italy' } }] } }],
  defaultAnswer: { toolCalls: [{ name: 'lookup', arguments: { city: 'Rome' } }] },
};

describe('the agents written by hand (the floor of the compiled runtimes under load)', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm(RULES);
  });
  afterAll(() => llm.close());

  for (const [runtime, agent] of Object.entries(BY_HAND)) {
    it(`${runtime}: looks the city up, then submits the answer — the two requests the spec'd agent makes`, { timeout: 60_000 }, async () => {
      const before = llm.requests.length;
      await agent(llm.url).start('Where is Rome?').run();
      const requests = llm.requests.slice(before);
      expect(requests).toHaveLength(2);
      expect(requests.map((r) => r.tools.map((t) => t.name).sort())).toEqual([['lookup', 'submit_result'], ['lookup', 'submit_result']]);
      expect(requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool' });
      expect(JSON.stringify(requests[1]!.messages.at(-1))).toContain('Italy');
    });
  }
});

describe('concurrency benchmark', () => {
  it('runs a runtime and its hand-written agent with concurrent sessions, printing p50, p99, ratio, CPU per session and idle heap', { timeout: 180_000 }, () => {
    const r = spawnSync(process.execPath, ['--expose-gc', SCRIPT, '--sessions', '8', '--runtime', 'langgraph-by-hand'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('8 concurrent agent sessions');
    expect(r.stdout).toMatch(/^\| langgraph-by-hand \| \d+ \| \d+ \| NaN× ✗ \| \d+ \| [\d.]+ \| NaN× \| [\d.]+ kB \|$/m);
  });
});
