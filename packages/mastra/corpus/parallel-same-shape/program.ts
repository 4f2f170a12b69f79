// .parallel() as Mastra's workflow guide writes it: steps with the same
// input and output schema side by side, the next step reading each result
// under its step id, then a .map() picking one field of one step.
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const value = z.object({ value: z.number() });

const double = createStep({
  id: 'double',
  inputSchema: value,
  outputSchema: value,
  execute: async ({ inputData }) => ({ value: inputData.value * 2 }),
});

const square = createStep({
  id: 'square',
  inputSchema: value,
  outputSchema: value,
  execute: async ({ inputData }) => ({ value: inputData.value * inputData.value }),
});

const combine = createStep({
  id: 'combine',
  inputSchema: z.object({ double: value, square: value }),
  outputSchema: z.object({ sum: z.number(), larger: z.string() }),
  execute: async ({ inputData }) => ({
    sum: inputData.double.value + inputData.square.value,
    larger: inputData.double.value >= inputData.square.value ? 'double' : 'square',
  }),
});

const report = createStep({
  id: 'report',
  inputSchema: z.object({ squared: z.number(), sum: z.number() }),
  outputSchema: z.object({ line: z.string() }),
  execute: async ({ inputData }) => ({ line: `squared ${inputData.squared}, sum ${inputData.sum}` }),
});

export const numbersWorkflow = createWorkflow({
  id: 'numbers',
  inputSchema: value,
  outputSchema: z.object({ line: z.string() }),
})
  .parallel([double, square])
  .then(combine)
  .map(async ({ inputData, getStepResult }) => ({ squared: getStepResult(square).value, sum: inputData.sum }))
  .then(report)
  .commit();
