// generateObject with a zod schema, as the AI SDK's structured data docs show
// it (deprecated in favour of generateText's output, still widely written).
import { openai } from '@ai-sdk/openai';
import { generateObject } from 'ai';
import { z } from 'zod';

export const invoiceSettings = {
  model: openai.chat('gpt-4.1-mini'),
  system: 'Extract the invoice fields from the text.',
  schemaName: 'invoice',
  schema: z.object({
    vendor: z.string(),
    total: z.number(),
    currency: z.string().describe('ISO 4217 code'),
  }),
};

export async function extract(text: string): Promise<unknown> {
  const { object } = await generateObject({ ...invoiceSettings, prompt: text });
  return object;
}
