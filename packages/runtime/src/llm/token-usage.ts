/** The tokens of one LLM call as the spans of every runtime write them (`usage` of an LlmGenerationResponse). */
export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

/**
 * The `usage` attribute of an LLM span's end from what a framework reports
 * (`inputTokens` / `outputTokens`, as the AI SDK, Mastra and the OpenAI Agents
 * SDK name them); nothing when it reports neither.
 */
export function usageAttribute(usage: { readonly inputTokens?: number | undefined; readonly outputTokens?: number | undefined } | null | undefined): { usage?: TokenUsage } {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return {};
  return { usage: { promptTokens: usage.inputTokens ?? 0, completionTokens: usage.outputTokens ?? 0 } };
}
