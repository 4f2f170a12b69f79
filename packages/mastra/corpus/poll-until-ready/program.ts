// A polling loop as Mastra's looping guide writes it: .dountil() repeats a
// step until its output says it is done, or after a number of iterations
// (iterationCount in the condition).
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const job = z.object({ jobId: z.string(), readyAfter: z.number().int(), checks: z.number().int() });
const status = job.extend({ ready: z.boolean() });

const checkJob = createStep({
  id: 'check-job',
  description: 'Checks whether the export job has finished',
  inputSchema: job,
  outputSchema: status,
  execute: async ({ inputData }) => {
    const checks = inputData.checks + 1;
    return { ...inputData, checks, ready: checks >= inputData.readyAfter };
  },
});

const report = createStep({
  id: 'report',
  inputSchema: status,
  outputSchema: z.object({ summary: z.string() }),
  execute: async ({ inputData }) => ({
    summary: inputData.ready ? `${inputData.jobId} ready after ${inputData.checks} checks` : `${inputData.jobId} still running after ${inputData.checks} checks`,
  }),
});

export const pollWorkflow = createWorkflow({
  id: 'poll-workflow',
  inputSchema: job,
  outputSchema: z.object({ summary: z.string() }),
})
  .dountil(checkJob, async ({ inputData, iterationCount }) => inputData.ready || iterationCount >= 3)
  .then(report)
  .commit();
