// streamText with a tool, the text read from the stream, as the AI SDK's
// chatbot docs do (a Chat Completions model).
import { openai } from '@ai-sdk/openai';
import { stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';

const PANTRY = ['rice', 'eggs', 'spinach', 'soy sauce'];

export const chefSettings = {
  model: openai.chat('gpt-4.1-mini'),
  system: 'You are a home cook. Check the pantry before you suggest a dish.',
  tools: {
    checkPantry: tool({
      description: 'List what is in the pantry',
      inputSchema: z.object({}),
      execute: async () => PANTRY,
    }),
  },
  temperature: 0.7,
  stopWhen: stepCountIs(3),
};

export async function suggest(prompt: string): Promise<string> {
  const result = streamText({ ...chefSettings, prompt });
  return await result.text;
}
