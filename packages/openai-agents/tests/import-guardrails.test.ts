import { validateComponent, type Flow } from '@agentspec/core';
import { referenceRuntime } from '@agentspec/runtime';
import { startScriptedLlm } from '@agentspec/testing';
import { Agent, run, type InputGuardrail } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importOpenAiAgents } from '../src/index.js';

const checker = new Agent({
  name: 'Checker', instructions: 'Check the request.', model: 'gpt-4.1-mini',
  outputType: z.object({ allowed: z.boolean(), blocked: z.boolean(), reason: z.string() }),
});

const guarded = (execute: InputGuardrail['execute'], name = 'check'): Agent => new Agent({
  name: 'Helper', instructions: 'Help.', model: 'gpt-4.1-mini', inputGuardrails: [{ name, execute }],
});

/** The field the flow branches on and the value that trips, or the OAI_GUARDRAIL warning's reason. */
async function readOf(agent: Agent): Promise<{ field: string; trips: string } | string> {
  const { component, warnings } = await importOpenAiAgents(agent);
  if (component.component_type !== 'Flow') return warnings.find((w) => w.code === 'OAI_GUARDRAIL')?.message.split('not a Flow because ')[1]?.replace(/\)$/, '') ?? 'no warning';
  expect(validateComponent(component).filter((d) => d.severity === 'error')).toEqual([]);
  const branch = (component as Flow).nodes.find((n) => n.component_type === 'BranchingNode') as unknown as { inputs: { title: string }[]; mapping: Record<string, string> };
  return { field: branch.inputs[0]!.title, trips: Object.keys(branch.mapping)[0]! };
}

describe('input guardrails running an agent: a Flow branching on the tripwire field', () => {
  it.each([
    ['result.finalOutput?.blocked', { field: 'blocked', trips: 'true' }, async ({ input, context }: { input: unknown; context: unknown }) => {
      const result = await run(checker, input as string, { context: context as never });
      return { outputInfo: result.finalOutput, tripwireTriggered: result.finalOutput?.blocked ?? false };
    }],
    ['=== false', { field: 'allowed', trips: 'false' }, async ({ input }: { input: unknown }) => {
      const result = await run(checker, input as string);
      return { outputInfo: result.finalOutput, tripwireTriggered: result.finalOutput?.allowed === false };
    }],
    ['!…', { field: 'allowed', trips: 'false' }, async ({ input }: { input: unknown }) => {
      const check = await run(checker, input as string);
      return { outputInfo: check.finalOutput, tripwireTriggered: !check.finalOutput?.allowed };
    }],
    ['a destructured finalOutput', { field: 'blocked', trips: 'true' }, async ({ input }: { input: unknown }) => {
      const { finalOutput } = await run(checker, input as string);
      return { outputInfo: finalOutput, tripwireTriggered: finalOutput?.blocked === true };
    }],
  ])('reads %s', async (_shape, expected, execute) => {
    expect(await readOf(guarded(execute as InputGuardrail['execute']))).toEqual(expected);
  });

  it('gives the flow the agent\'s outputs and `guardrail`; a guardrail agent used twice is imported once', async () => {
    const execute = async ({ input }: { input: unknown }) => {
      const result = await run(checker, input as string);
      return { outputInfo: result.finalOutput, tripwireTriggered: result.finalOutput?.blocked ?? false };
    };
    const agent = new Agent({
      name: 'Extractor', instructions: 'Extract.', model: 'gpt-4.1-mini', outputType: z.object({ title: z.string() }),
      inputGuardrails: [{ name: 'first', execute }, { name: 'second', execute }],
    });
    const { component, warnings } = await importOpenAiAgents(agent, { id: 'guarded' });
    const flow = component as Flow;
    expect(validateComponent(flow).filter((d) => d.severity === 'error')).toEqual([]);
    expect({ id: flow.id, outputs: flow.outputs?.map((o) => o.title) }).toEqual({ id: 'guarded', outputs: ['title', 'guardrail'] });
    expect(flow.nodes.map((n) => n.id)).toEqual(['start', 'check_checker', 'tripwire_checker', 'tripped_checker', 'check_checker_1', 'tripwire_checker_1', 'tripped_checker_1', 'run_extractor', 'end']);
    expect(warnings.map((w) => [w.code, w.component])).toEqual([['OAI_GUARDRAIL_FLOW', 'guarded'], ['OAI_GUARDRAIL_FLOW', 'guarded']]);

    // on the reference runtime: the agent's outputs on `next`; null and the guardrail's name on `guardrail_tripped`
    const llm = await startScriptedLlm({ strict: true, rules: [
      { name: 'blocked', match: { toolOffered: 'submit_result', systemPromptContains: 'Check the request', lastUserMessage: { contains: 'secret' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { allowed: false, blocked: true, reason: 'secret' } }] } },
      { name: 'allowed', match: { toolOffered: 'submit_result', systemPromptContains: 'Check the request' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { allowed: true, blocked: false, reason: 'fine' } }] } },
      { name: 'extract', match: { toolOffered: 'submit_result' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { title: 'Dune' } }] } },
    ] });
    try {
      const outcome = async (message: string) => {
        const app = await referenceRuntime().load(flow, { llm: { override: { url: llm.url } } });
        const session = app.start();
        session.appendUserMessage(message);
        const status = await session.run();
        await app.close();
        return status.type === 'finished' ? { branch: status.branch, outputs: status.outputs } : status.type;
      };
      expect(await outcome('The book is Dune.')).toEqual({ branch: 'next', outputs: { title: 'Dune', guardrail: '' } });
      expect(await outcome('Tell me the secret.')).toEqual({ branch: 'guardrail_tripped', outputs: { title: null, guardrail: 'first' } });
    } finally {
      await llm.close();
    }
  });

  it('keeps the coded warning, with the reason, for any other shape', async () => {
    expect(await readOf(guarded(async ({ input }) => ({ outputInfo: null, tripwireTriggered: String(input).includes('password') }))))
      .toContain('its execute does not run an agent');
    expect(await readOf(guarded(async ({ input }) => {
      const result = await run(checker, input as string);
      return { outputInfo: null, tripwireTriggered: result.finalOutput?.blocked === true && result.finalOutput.reason !== '' };
    }))).toContain("is not one boolean field of the agent's final output");
    expect(await readOf(guarded(async ({ input }) => {
      const result = await run(checker, `Check: ${String(input)}`);
      return { outputInfo: null, tripwireTriggered: result.finalOutput?.blocked ?? false };
    }))).toBe("it runs its agent on something else than the run's input");
  });

  it('warns of output guardrails, and of a field that is not a boolean output', async () => {
    const agent = new Agent({
      name: 'Helper', instructions: 'Help.', model: 'gpt-4.1-mini',
      outputGuardrails: [{ name: 'no_pii', execute: async () => ({ outputInfo: null, tripwireTriggered: false }) }],
      inputGuardrails: [{ name: 'reason', execute: async ({ input }) => {
        const result = await run(checker, input as string);
        return { outputInfo: null, tripwireTriggered: Boolean(result.finalOutput?.reason) };
      } }],
    });
    const { component, warnings } = await importOpenAiAgents(agent);
    expect(component.component_type).toBe('Agent');
    expect(warnings.map((w) => [w.code, w.message.split(':')[0]])).toEqual([
      ['OAI_GUARDRAIL', "input guardrail 'reason' has no Agent Spec equivalent"],
      ['OAI_GUARDRAIL', "output guardrail 'no_pii' has no Agent Spec equivalent"],
    ]);
    expect(warnings[0]!.message).toContain("'reason' is not a boolean output of agent 'Checker'");
  });
});
