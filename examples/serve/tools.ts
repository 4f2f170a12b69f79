// The ServerTool of refund-flow.yaml (`agentspec serve … --tools examples/serve/tools.ts`).
// Tools are code you register, never code from a spec.
let next = 1000;

export const tools = {
  issue_refund: ({ order, amount }: Record<string, unknown>): { receipt: string } => ({
    receipt: `R-${++next}: ${String(amount)} for "${String(order)}"`,
  }),
};
