import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { RUNTIMES } from '@agentspec/conformance';
import { loadRulesFile, startScriptedLlm } from '@agentspec/testing';
import { cli, cliWithInput, tempFiles } from './helpers.js';

const dir = fileURLToPath(new URL('../../../examples/multi-agent/', import.meta.url));
const turns = ['How many bags can I bring?', 'Please move me to seat 12A, booking ABC123.'];
const last = { sender: 'Seat Booking Agent', reply: 'Done: booking ABC123 now has seat 12A.' };

// the SDK program itself, against the same scripted model (its default client reads OPENAI_BASE_URL)
const llm = await startScriptedLlm(await loadRulesFile(`${dir}llm.yaml`));
process.env.OPENAI_BASE_URL = llm.url;
afterAll(() => llm.close());

describe('examples/multi-agent (its README, step by step)', () => {
  it('exports the OpenAI Agents handoff program as a Swarm, and every runtime answers each turn as the SDK program does', async () => {
    const { runNative } = (await import(`${dir}native.ts`)) as { runNative: (messages: readonly string[]) => Promise<unknown[]> };
    const native = await runNative(turns);
    expect(native).toEqual([
      { agent: 'FAQ Agent', reply: 'You can bring one bag of up to 23 kg; a second one costs 40 EUR.' },
      { agent: last.sender, reply: last.reply },
    ]);
    const nativeCalls = llm.requests.length;

    const out = tempFiles({})('airline.yaml');
    const imported = await cli('import', `${dir}airline.ts#triageAgent`, '--from', 'openai-agents', '--out', out);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain("imported Swarm 'Triage Agent' from openai-agents (0 warnings)");
    const spec = deserialize(readFileSync(out, 'utf8'));
    expect(spec).toMatchObject({
      component_type: 'Swarm', handoff: 'always',
      first_agent: { name: 'Triage Agent', tools: [] },
      relationships: [
        [{ name: 'Triage Agent' }, { name: 'FAQ Agent', tools: [{ name: 'faq_lookup' }] }],
        [{ name: 'Triage Agent' }, { name: 'Seat Booking Agent', tools: [{ name: 'update_seat' }] }],
        [{ name: 'FAQ Agent' }, { name: 'Triage Agent' }],
        [{ name: 'Seat Booking Agent' }, { name: 'Triage Agent' }],
      ],
    });

    const run = await cliWithInput(turns, 'run', out, '--runtime', 'all', '--offline', `${dir}llm.yaml`, '--tools', `${dir}tools.ts`, '--json');
    expect(run.code, run.stderr).toBe(0);
    const runs = JSON.parse(run.stdout) as { runtime: string }[];
    expect(runs.map((r) => r.runtime)).toEqual(Object.keys(RUNTIMES));
    // the same LLM calls as the SDK program: 3 for the baggage turn, 4 for the seat turn (FAQ hands back, triage hands over)
    for (const r of runs) expect(r).toMatchObject({ status: 'user_input', ...last, llmCalls: nativeCalls });
  }, 120_000);

  it('prints the runs side by side with the agent that answered', async () => {
    const spec = tempFiles({})('airline.yaml');
    expect((await cli('import', `${dir}airline.ts#triageAgent`, '--from', 'openai-agents', '--out', spec)).code).toBe(0);
    const r = await cliWithInput(turns, 'run', spec, '--runtime', 'all', '--offline', `${dir}llm.yaml`, '--tools', `${dir}tools.ts`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/openai-agents +user_input +Seat Booking Agent: “Done: booking ABC123 now has seat 12A\.” +7 /);
    expect(r.stdout).toContain(`all ${Object.keys(RUNTIMES).length} runtimes agree`);
  }, 120_000);
});
