// A ToolLoopAgent with call options, as the AI SDK's agent docs write it:
// callOptionsSchema types what each call passes, prepareCall writes it into
// the instructions.
import { openai } from '@ai-sdk/openai';
import { ToolLoopAgent, tool } from 'ai';
import { z } from 'zod';

const ORDERS: Record<string, string> = { '1001': 'shipped', '1002': 'processing' };

export const supportAgent = new ToolLoopAgent({
  id: 'support',
  model: openai.chat('gpt-4.1-mini'),
  instructions: 'You are a support agent for an online shop.',
  callOptionsSchema: z.object({ userName: z.string(), tier: z.enum(['standard', 'premium']) }),
  prepareCall: ({ options, ...settings }) => ({
    ...settings,
    instructions: `${settings.instructions} You are talking to ${options.userName}, a ${options.tier} customer.`,
  }),
  tools: {
    orderStatus: tool({
      description: 'Look up the status of an order',
      inputSchema: z.object({ orderId: z.string() }),
      execute: async ({ orderId }) => ORDERS[orderId] ?? 'unknown order',
    }),
  },
});

export async function ask(prompt: string, options: { userName: string; tier: 'standard' | 'premium' }): Promise<string> {
  const { text } = await supportAgent.generate({ prompt, options });
  return text;
}
