// The tutor's tool as a ServerTool implementation, for running the exported spec
// on any runtime (tools are code you register, never code from a spec).
export const tools = {
  multiply: ({ a, b }: Record<string, unknown>): number => Number(a) * Number(b),
};
