// An agent composed as a workflow step with createStep(agent), as Mastra's
// "agents as steps" guide does: .map() turns the workflow input into the
// agent's prompt, and the agent's text into the workflow output.
import { Agent } from '@mastra/core/agent';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

export const cityAgent = new Agent({
  id: 'city-agent',
  name: 'City Agent',
  description: 'Tells facts about cities',
  instructions: 'Return one interesting fact about the city you are given, in one sentence.',
  model: 'openai/gpt-4o-mini',
});

const factStep = createStep(cityAgent);

export const cityFactsWorkflow = createWorkflow({
  id: 'city-facts',
  inputSchema: z.object({ city: z.string() }),
  outputSchema: z.object({ facts: z.string() }),
})
  .map(async ({ inputData }) => ({ prompt: `Give me a fact about ${inputData.city}.` }))
  .then(factStep)
  .map(async ({ inputData }) => ({ facts: inputData.text }))
  .commit();
