// A weather agent the way Mastra's guides write one: a tool made with
// createTool (input and output schemas), an agent with instructions and a
// model string, both registered on a Mastra instance.
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const CONDITIONS: Record<string, { temperature: number; conditions: string }> = {
  oslo: { temperature: 4, conditions: 'Light snow' },
  lisbon: { temperature: 19, conditions: 'Clear sky' },
};

export const weatherTool = createTool({
  id: 'get-weather',
  description: 'Get the current weather for a location',
  inputSchema: z.object({ location: z.string().describe('City name') }),
  outputSchema: z.object({ temperature: z.number(), conditions: z.string(), location: z.string() }),
  execute: async ({ location }) => {
    const found = CONDITIONS[location.toLowerCase()];
    if (!found) throw new Error(`No weather data for ${location}`);
    return { ...found, location };
  },
});

export const weatherAgent = new Agent({
  id: 'weather-agent',
  name: 'Weather Agent',
  instructions: `You are a helpful weather assistant.
Always ask for a location if none is given, and use the get-weather tool to fetch current conditions.
Keep answers short: temperature and conditions.`,
  model: 'openai/gpt-4o-mini',
  tools: { weatherTool },
});

export const mastra = new Mastra({ agents: { weatherAgent }, logger: false });
