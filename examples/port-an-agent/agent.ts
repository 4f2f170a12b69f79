// A math tutor written for the OpenAI Agents SDK, the way a team would write it
// before porting: a function tool with a zod schema and plain instructions.
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

export const multiply = tool({
  name: 'multiply',
  description: 'Multiply two numbers.',
  parameters: z.object({ a: z.number().describe('first factor'), b: z.number().describe('second factor') }),
  execute: async ({ a, b }) => a * b,
});

export const tutor = new Agent({
  name: 'Math tutor',
  instructions: 'You are a patient math tutor. Use multiply for products, then explain the result in one sentence.',
  model: 'gpt-4o-mini',
  modelSettings: { temperature: 0.2 },
  tools: [multiply],
});
