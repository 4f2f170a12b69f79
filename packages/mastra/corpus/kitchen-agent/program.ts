// A kitchen assistant on a local OpenAI-compatible server (LM Studio, Ollama,
// vLLM…), the way Mastra documents such models: `{ id, url }`. Default options
// set the sampling and a step limit; the tools convert units and scale recipes.
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const GRAMS_PER_CUP: Record<string, number> = { flour: 120, sugar: 200, butter: 227 };

const convertCups = createTool({
  id: 'convert-cups',
  description: 'Converts cups of an ingredient to grams',
  inputSchema: z.object({ ingredient: z.string(), cups: z.number() }),
  outputSchema: z.object({ grams: z.number() }),
  execute: async ({ ingredient, cups }) => ({ grams: Math.round(cups * (GRAMS_PER_CUP[ingredient] ?? 240)) }),
});

const scaleRecipe = createTool({
  id: 'scale-recipe',
  description: 'Scales an amount from one number of servings to another',
  inputSchema: z.object({ amount: z.number(), from: z.number().int(), to: z.number().int() }),
  execute: async ({ amount, from, to }) => `${Math.round((amount * to * 100) / from) / 100}`,
});

export const kitchenAgent = new Agent({
  id: 'kitchen-agent',
  name: 'Kitchen Assistant',
  description: 'Answers cooking questions with exact quantities',
  instructions: 'You help home cooks. Convert cups to grams with convertCups and scale recipes with scaleRecipe. Answer with the numbers.',
  model: { id: 'lmstudio/qwen2.5-7b-instruct', url: process.env.LOCAL_LLM_URL ?? 'http://localhost:1234/v1' },
  tools: { convertCups, scaleRecipe },
  defaultOptions: { maxSteps: 4, modelSettings: { temperature: 0.2 } },
});
