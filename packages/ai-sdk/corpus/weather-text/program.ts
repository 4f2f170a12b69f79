// generateText with tools and a stop condition, as the AI SDK's "Tool calling"
// docs write it; the call settings are shared by the function that answers.
import { openai } from '@ai-sdk/openai';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';

const TEMPERATURES: Record<string, number> = { 'san francisco': 17, 'new york': 25 };

export const weatherSettings = {
  model: openai('gpt-4.1-mini'),
  system: 'You answer weather questions. Use the weather tool, then convert to Fahrenheit if asked.',
  tools: {
    weather: tool({
      description: 'Get the weather in a location (in Celsius)',
      inputSchema: z.object({ location: z.string().describe('The location to get the weather for') }),
      execute: async ({ location }) => ({ location, temperature: TEMPERATURES[location.toLowerCase()] ?? 20 }),
    }),
    convertCelsiusToFahrenheit: tool({
      description: 'Convert a temperature from Celsius to Fahrenheit',
      inputSchema: z.object({ celsius: z.number().describe('The temperature in Celsius') }),
      execute: async ({ celsius }) => ({ fahrenheit: Math.round((celsius * 9) / 5 + 32) }),
    }),
  },
  stopWhen: stepCountIs(5),
};

export async function answer(prompt: string): Promise<string> {
  const { text } = await generateText({ ...weatherSettings, prompt });
  return text;
}
