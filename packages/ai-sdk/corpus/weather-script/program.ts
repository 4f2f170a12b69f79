// A script in the style of the AI SDK docs' examples: generateText called at
// the top level of the module, with tools, a stop condition and a prompt,
// and the answer printed (run it with `node program.ts`).
import { openai } from '@ai-sdk/openai';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';

const ATTRACTIONS: Record<string, string[]> = { 'san francisco': ['Golden Gate Bridge', 'Alcatraz'] };

const { text } = await generateText({
  model: openai('gpt-4o'),
  system: 'You help travellers. Check the weather, then suggest an attraction.',
  tools: {
    weather: tool({
      description: 'Get the weather in a location',
      inputSchema: z.object({ location: z.string().describe('The location to get the weather for') }),
      execute: async ({ location }) => ({ location, temperature: 72, conditions: 'sunny' }),
    }),
    attractions: tool({
      description: 'List the attractions of a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, attractions: ATTRACTIONS[city.toLowerCase()] ?? [] }),
    }),
  },
  stopWhen: stepCountIs(5),
  prompt: 'What is the weather in San Francisco, and what should I see there?',
});

console.log(text);
