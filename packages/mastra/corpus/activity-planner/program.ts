// Mastra's weather-workflow pattern: a step fetches a forecast, the next step
// asks a registered agent (mastra.getAgent(...).stream) to plan activities.
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { InMemoryStore } from '@mastra/core/storage';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const forecastSchema = z.object({
  city: z.string(),
  maxTemp: z.number(),
  minTemp: z.number(),
  precipitationChance: z.number(),
  condition: z.string(),
});

// a fixed table instead of a weather API, so that the example runs offline
const FORECASTS: Record<string, z.infer<typeof forecastSchema>> = {
  bergen: { city: 'Bergen', maxTemp: 11, minTemp: 6, precipitationChance: 90, condition: 'Rain' },
  seville: { city: 'Seville', maxTemp: 31, minTemp: 18, precipitationChance: 0, condition: 'Sunny' },
};

const fetchWeather = createStep({
  id: 'fetch-weather',
  description: 'Fetches the forecast for a city',
  inputSchema: z.object({ city: z.string().describe('The city to plan for') }),
  outputSchema: forecastSchema,
  execute: async ({ inputData }) => {
    const forecast = FORECASTS[inputData.city.toLowerCase()];
    if (!forecast) throw new Error(`Location '${inputData.city}' not found`);
    return forecast;
  },
});

const planActivities = createStep({
  id: 'plan-activities',
  description: 'Suggests activities based on the forecast',
  inputSchema: forecastSchema,
  outputSchema: z.object({ activities: z.string() }),
  execute: async ({ inputData, mastra }) => {
    const agent = mastra?.getAgent('plannerAgent');
    if (!agent) throw new Error('Planner agent not found');
    const prompt = `Forecast for ${inputData.city}: ${inputData.condition}, ${inputData.minTemp}-${inputData.maxTemp}°C, ${inputData.precipitationChance}% chance of rain. Suggest activities.`;
    const response = await agent.stream([{ role: 'user', content: prompt }]);
    let activities = '';
    for await (const chunk of response.textStream) activities += chunk;
    return { activities };
  },
});

export const plannerAgent = new Agent({
  id: 'planner-agent',
  name: 'Activity Planner',
  instructions: 'You plan a day out around the weather. Suggest one outdoor and one indoor activity.',
  model: 'openai/gpt-4o-mini',
});

export const activityWorkflow = createWorkflow({
  id: 'activity-workflow',
  inputSchema: z.object({ city: z.string().describe('The city to plan for') }),
  outputSchema: z.object({ activities: z.string() }),
})
  .then(fetchWeather)
  .then(planActivities);

activityWorkflow.commit();

export const mastra = new Mastra({
  agents: { plannerAgent },
  workflows: { activityWorkflow },
  storage: new InMemoryStore(),
  logger: false,
});
