// The SDK's quickstart shape: a function tool with a zod schema, an agent
// with instructions, a model name and model settings.
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const FORECAST: Record<string, string> = { tokyo: 'sunny, 22°C', reykjavik: 'windy, 3°C' };

export const getWeather = tool({
  name: 'get_weather',
  description: 'Return the weather for a given city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `The weather in ${city} is ${FORECAST[city.toLowerCase()] ?? 'unknown'}.`,
});

export const weatherBot = new Agent({
  name: 'Weather bot',
  instructions: 'You are a helpful bot. Use get_weather for any question about the weather.',
  model: 'gpt-4.1-mini',
  modelSettings: { temperature: 0.4 },
  tools: [getWeather],
});
