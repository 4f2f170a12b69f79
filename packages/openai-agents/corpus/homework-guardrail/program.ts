// The SDK's input guardrail example: a small agent checks whether the user
// asks for math homework; the tripwire stops the run.
import { Agent, run, type InputGuardrail } from '@openai/agents';
import { z } from 'zod';

const guardrailAgent = new Agent({
  name: 'Guardrail check',
  instructions: 'Check if the user is asking you to do their math homework.',
  model: 'gpt-4.1-mini',
  outputType: z.object({ isMathHomework: z.boolean(), reasoning: z.string() }),
});

const mathGuardrail: InputGuardrail = {
  name: 'Math Homework Guardrail',
  execute: async ({ input, context }) => {
    const result = await run(guardrailAgent, input, { context });
    return { outputInfo: result.finalOutput, tripwireTriggered: result.finalOutput?.isMathHomework ?? false };
  },
};

export const supportAgent = new Agent({
  name: 'Customer support agent',
  instructions: 'You are a customer support agent. You help customers with their questions.',
  model: 'gpt-4.1-mini',
  inputGuardrails: [mathGuardrail],
});
