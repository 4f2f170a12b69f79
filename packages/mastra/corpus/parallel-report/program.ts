// .parallel() as Mastra documents it: independent steps on the same input,
// the next step reading each one's output under its step id. One of them is a
// tool made into a step (createStep(tool) needs the tool's output schema).
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const SALES: Record<string, number[]> = { 'north': [120, 80, 95], 'south': [60, 70] };
const REVIEWS: Record<string, number[]> = { 'north': [5, 4, 4, 3], 'south': [2, 3] };

const region = z.object({ region: z.string() });

export const salesTool = createTool({
  id: 'fetch-sales',
  description: 'Total sales of a region',
  inputSchema: region,
  outputSchema: z.object({ total: z.number(), orders: z.number() }),
  execute: async ({ region }) => {
    const sales = SALES[region] ?? [];
    return { total: sales.reduce((a, b) => a + b, 0), orders: sales.length };
  },
});

const fetchReviews = createStep({
  id: 'fetch-reviews',
  inputSchema: region,
  outputSchema: z.object({ average: z.number(), count: z.number() }),
  execute: async ({ inputData }) => {
    const stars = REVIEWS[inputData.region] ?? [];
    return { average: stars.length ? stars.reduce((a, b) => a + b, 0) / stars.length : 0, count: stars.length };
  },
});

const buildReport = createStep({
  id: 'build-report',
  inputSchema: z.object({
    'fetch-sales': z.object({ total: z.number(), orders: z.number() }),
    'fetch-reviews': z.object({ average: z.number(), count: z.number() }),
  }),
  outputSchema: z.object({ report: z.string(), healthy: z.boolean() }),
  execute: async ({ inputData }) => {
    const sales = inputData['fetch-sales'];
    const reviews = inputData['fetch-reviews'];
    return {
      report: `${sales.orders} orders worth ${sales.total}; ${reviews.count} reviews averaging ${reviews.average.toFixed(1)}`,
      healthy: sales.total > 200 && reviews.average >= 3.5,
    };
  },
});

export const reportWorkflow = createWorkflow({
  id: 'region-report',
  inputSchema: region,
  outputSchema: z.object({ report: z.string(), healthy: z.boolean() }),
})
  .parallel([createStep(salesTool), fetchReviews])
  .then(buildReport)
  .commit();
