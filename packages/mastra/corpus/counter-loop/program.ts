// Loops and a nested workflow: .dountil() repeats a step until its output
// says stop, .dowhile() while it holds, then a workflow used as a step.
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const counter = z.object({ value: z.number() });

const increment = createStep({
  id: 'increment',
  inputSchema: counter,
  outputSchema: counter,
  execute: async ({ inputData }) => ({ value: inputData.value + 3 }),
});

const halve = createStep({
  id: 'halve',
  inputSchema: counter,
  outputSchema: counter,
  execute: async ({ inputData }) => ({ value: inputData.value / 2 }),
});

const clamp = createStep({
  id: 'clamp',
  inputSchema: counter,
  outputSchema: counter,
  execute: async ({ inputData }) => ({ value: Math.min(Math.max(inputData.value, 0), 50) }),
});

const describe = createStep({
  id: 'describe',
  inputSchema: counter,
  outputSchema: z.object({ value: z.number(), label: z.string() }),
  execute: async ({ inputData }) => ({ value: inputData.value, label: inputData.value >= 10 ? 'high' : 'low' }),
});

const finish = createWorkflow({
  id: 'finish',
  inputSchema: counter,
  outputSchema: z.object({ value: z.number(), label: z.string() }),
})
  .then(clamp)
  .then(describe)
  .commit();

export const counterWorkflow = createWorkflow({
  id: 'counter-workflow',
  inputSchema: counter,
  outputSchema: z.object({ value: z.number(), label: z.string() }),
})
  .dountil(increment, async ({ inputData: { value } }) => value >= 20)
  .dowhile(halve, async ({ inputData: { value } }) => value > 8)
  .then(finish)
  .commit();
