// Conditional branching as Mastra's control-flow guide shows it: a step,
// then .branch() with function conditions, then a step that reads whichever
// arm ran under its step id.
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const STOCK: Record<string, number> = { 'SKU-1': 12, 'SKU-2': 0 };

const order = z.object({ sku: z.string(), quantity: z.number().int().positive() });
const stocked = order.extend({ available: z.number().int() });
const outcome = z.object({ message: z.string() });

const checkStock = createStep({
  id: 'check-stock',
  inputSchema: order,
  outputSchema: stocked,
  execute: async ({ inputData }) => ({ ...inputData, available: STOCK[inputData.sku] ?? 0 }),
});

const reserve = createStep({
  id: 'reserve',
  inputSchema: stocked,
  outputSchema: outcome,
  execute: async ({ inputData }) => ({ message: `Reserved ${inputData.quantity} × ${inputData.sku}` }),
});

const backorder = createStep({
  id: 'backorder',
  inputSchema: stocked,
  outputSchema: outcome,
  execute: async ({ inputData }) => ({ message: `Backordered ${inputData.quantity} × ${inputData.sku} (${inputData.available} in stock)` }),
});

const notify = createStep({
  id: 'notify',
  inputSchema: z.object({ reserve: outcome.optional(), backorder: outcome.optional() }),
  outputSchema: z.object({ status: z.enum(['reserved', 'backordered']), message: z.string() }),
  execute: async ({ inputData }) =>
    inputData.reserve
      ? { status: 'reserved' as const, message: inputData.reserve.message }
      : { status: 'backordered' as const, message: inputData.backorder?.message ?? '' },
});

export const orderWorkflow = createWorkflow({
  id: 'order-workflow',
  inputSchema: order,
  outputSchema: z.object({ status: z.enum(['reserved', 'backordered']), message: z.string() }),
})
  .then(checkStock)
  .branch([
    [async ({ inputData: { quantity, available } }) => available >= quantity, reserve],
    [async ({ inputData: { quantity, available } }) => available < quantity, backorder],
  ])
  .then(notify)
  .commit();
