import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deserialize, type Agent } from '@agentspec/core';
import { RUNTIMES } from '@agentspec/conformance';
import { cli, cliWithInput, tempFiles } from './helpers.js';

const dir = fileURLToPath(new URL('../../../examples/port-an-agent/', import.meta.url));

describe('examples/port-an-agent (its README, step by step)', () => {
  it('exports the hand-written OpenAI Agents SDK agent, then runs the spec on every runtime with the same answers', async () => {
    const out = tempFiles({})('tutor.yaml');
    const imported = await cli('import', `${dir}agent.ts#tutor`, '--from', 'openai-agents', '--out', out);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain("imported Agent 'Math tutor' from openai-agents (0 warnings)");
    const spec = deserialize(readFileSync(out, 'utf8')) as Agent;
    expect(spec).toMatchObject({
      system_prompt: 'You are a patient math tutor. Use multiply for products, then explain the result in one sentence.',
      llm_config: { model_id: 'gpt-4o-mini', default_generation_parameters: { temperature: 0.2 } },
      tools: [{ name: 'multiply', inputs: [{ title: 'a', type: 'number', description: 'first factor' }, { title: 'b', type: 'number' }] }],
    });

    const run = await cliWithInput(['What is 30x6?'], 'run', out, '--runtime', 'all', '--offline', `${dir}llm.yaml`, '--tools', `${dir}tools.ts`, '--json');
    expect(run.code, run.stderr).toBe(0);
    const runs = JSON.parse(run.stdout) as { runtime: string; status: string; reply?: string; llmCalls: number }[];
    expect(runs.map((r) => r.runtime)).toEqual(Object.keys(RUNTIMES));
    for (const r of runs) expect(r).toMatchObject({ status: 'user_input', reply: '30 times 6 is 180: six groups of thirty.', llmCalls: 2 });
  }, 60_000);

  it('import refuses an unknown framework (usage, 2) or export (not a program, 1)', async () => {
    expect((await cli('import', `${dir}agent.ts#tutor`, '--from', 'crewai')).code).toBe(2);
    const missing = await cli('import', `${dir}agent.ts#nope`, '--from', 'openai-agents');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^agentspec: error AS_EXPORT_MISSING: .*agent\.ts has no export 'nope'/m);
  });
});
