// Human in the loop as the SDK's guide shows it: a tool that always needs
// approval, and one whose approval depends on the call (a function).
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Look up an order by id',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => JSON.stringify({ orderId, total: orderId === 'A-1' ? 40 : 250 }),
});

const refund = tool({
  name: 'refund',
  description: 'Refund an order',
  parameters: z.object({ orderId: z.string(), amount: z.number() }),
  needsApproval: async (_context, { amount }) => amount > 100,
  execute: async ({ orderId, amount }) => `Refunded ${amount} on ${orderId}`,
});

const closeAccount = tool({
  name: 'close_account',
  description: 'Close the customer account',
  parameters: z.object({ reason: z.string() }),
  needsApproval: true,
  execute: async () => 'Account closed',
});

export const refundAgent = new Agent({
  name: 'Refund desk',
  instructions: 'Look up the order, then refund it in full.',
  model: 'gpt-4.1-mini',
  tools: [lookupOrder, refund, closeAccount],
});
