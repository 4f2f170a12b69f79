// A hand-written LangGraph graph (not one compiled from Agent Spec): support
// ticket triage. A node classifies the ticket, a conditional edge sends it to
// the billing or the technical desk, and a subgraph signs the reply.
import { END, START, StateGraph } from './deps/langgraph.mjs';
import { z } from './deps/zod.mjs';

const Ticket = z.object({
  ticket: z.string().describe('What the customer wrote'),
  category: z.enum(['billing', 'technical']).optional().describe('Which desk handles it'),
  priority: z.number().int().optional().describe('1 (low) to 3 (urgent)'),
  reply: z.string().optional().describe('The answer to the customer'),
});

export function classify({ ticket }) {
  return { category: /refund|invoice|charged/i.test(ticket) ? 'billing' : 'technical' };
}

export function routeByCategory({ category }) {
  return category;
}

export function billing({ ticket }) {
  return { priority: /twice|again/i.test(ticket) ? 3 : 2, reply: `Billing desk: we are checking "${ticket}" and will refund any double charge.` };
}

export function technical({ ticket }) {
  return { priority: 1, reply: `Technical desk: please restart the app; if "${ticket}" persists, send us its logs.` };
}

export function sign({ reply, priority }) {
  return { reply: `${reply}\n-- The support team (priority ${priority})` };
}

const Signed = z.object({ reply: z.string(), priority: z.number().int() });
const signature = new StateGraph(Signed).addNode('sign', sign).addEdge(START, 'sign').addEdge('sign', END).compile({ name: 'Signature' });

export const graph = new StateGraph(Ticket)
  .addNode('classify', classify)
  .addNode('billing', billing)
  .addNode('technical', technical)
  .addNode('signature', signature)
  .addEdge(START, 'classify')
  .addConditionalEdges('classify', routeByCategory, { billing: 'billing', technical: 'technical' })
  .addEdge('billing', 'signature')
  .addEdge('technical', 'signature')
  .addEdge('signature', END)
  .compile({ name: 'Support triage' });
