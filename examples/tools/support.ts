// ServerTool implementations for examples/specs/support-triage-flow.yaml
// (`agentspec run … --tools examples/tools/support.ts`). Tools are code you
// register, never code from a spec.
export const tools = {
  order_status: ({ request }: Record<string, unknown>): string => `order #4711 from "${String(request)}" shipped yesterday`,
};
