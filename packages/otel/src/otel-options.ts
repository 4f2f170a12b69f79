/** How a trace becomes OpenTelemetry spans. */
export interface OtelMappingOptions {
  /**
   * Export content: prompts and system instructions, LLM answers, conversation
   * messages, tool arguments and results, flow/agent/node inputs and outputs,
   * exception messages. Off by default: spans then carry names, ids, models,
   * token counts, timings and error codes only. Secrets (sensitive fields,
   * URL credentials) are never exported, with or without it.
   */
  readonly captureContent?: boolean;
  /** Also write OpenInference attributes (`openinference.span.kind`, `llm.*`, `tool.*`, `input.value`/`output.value` with content), for Arize Phoenix and other OpenInference backends. */
  readonly openInference?: boolean;
}
