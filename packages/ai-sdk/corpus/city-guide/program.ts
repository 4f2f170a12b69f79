// generateText written inline, as the AI SDK's "Tool calling" docs do: the
// model, system prompt, tools and stop condition in the call itself, inside
// the function that answers.
import { openai } from '@ai-sdk/openai';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';

const OPENING_HOURS: Record<string, string> = { louvre: '9:00–18:00', 'musee d orsay': '9:30–18:00' };

export async function askCityGuide(question: string): Promise<string> {
  const { text } = await generateText({
    model: openai('gpt-4.1-mini'),
    system: 'You are a city guide for Paris. Use the tools for opening hours and the weather.',
    tools: {
      openingHours: tool({
        description: 'Get the opening hours of a museum',
        inputSchema: z.object({ museum: z.string().describe('The museum, e.g. Louvre') }),
        execute: async ({ museum }) => ({ museum, hours: OPENING_HOURS[museum.toLowerCase()] ?? 'unknown' }),
      }),
      weather: tool({
        description: 'Get the weather in a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => ({ city, temperature: 21, conditions: 'sunny' }),
      }),
    },
    stopWhen: stepCountIs(5),
    prompt: question,
  });
  return text;
}
