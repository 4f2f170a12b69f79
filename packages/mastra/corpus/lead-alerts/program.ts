// Conditional branching as Mastra's control-flow guide describes it: every
// arm whose condition is true runs (here a hot lead alerts both sales and the
// founders), and the next step reads the arms that ran under their step ids.
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const lead = z.object({ company: z.string(), employees: z.number().int(), visits: z.number().int() });
const scored = lead.extend({ score: z.number() });
const alert = z.object({ message: z.string() });

const scoreLead = createStep({
  id: 'score-lead',
  inputSchema: lead,
  outputSchema: scored,
  execute: async ({ inputData }) => ({ ...inputData, score: Math.min(100, inputData.visits * 10 + (inputData.employees > 500 ? 40 : 0)) }),
});

const alertSales = createStep({
  id: 'alert-sales',
  inputSchema: scored,
  outputSchema: alert,
  execute: async ({ inputData }) => ({ message: `Sales: call ${inputData.company} (score ${inputData.score})` }),
});

const alertFounders = createStep({
  id: 'alert-founders',
  inputSchema: scored,
  outputSchema: alert,
  execute: async ({ inputData }) => ({ message: `Founders: ${inputData.company} is hot` }),
});

const nurture = createStep({
  id: 'nurture',
  inputSchema: scored,
  outputSchema: alert,
  execute: async ({ inputData }) => ({ message: `Newsletter for ${inputData.company}` }),
});

const summarize = createStep({
  id: 'summarize',
  inputSchema: z.object({ 'alert-sales': alert.optional(), 'alert-founders': alert.optional(), nurture: alert.optional() }),
  outputSchema: z.object({ actions: z.array(z.string()) }),
  execute: async ({ inputData }) => ({
    actions: [inputData['alert-sales'], inputData['alert-founders'], inputData.nurture].filter((a) => a !== undefined).map((a) => a.message),
  }),
});

export const leadWorkflow = createWorkflow({
  id: 'lead-workflow',
  inputSchema: lead,
  outputSchema: z.object({ actions: z.array(z.string()) }),
})
  .then(scoreLead)
  .branch([
    [async ({ inputData: { score } }) => score >= 50, alertSales],
    [async ({ inputData: { score } }) => score >= 80, alertFounders],
    [async ({ inputData: { score } }) => score < 50, nurture],
  ])
  .then(summarize)
  .commit();
