// @agentspec/otel — Agent Spec traces (@agentspec/runtime's TraceRecorder) as
// OpenTelemetry spans, after the GenAI semantic conventions, exported over OTLP/HTTP.
export type { OtelMappingOptions } from './otel-options.js';
export { GEN_AI, GEN_AI_OPERATION, OPENINFERENCE, PROVIDER_BY_CONFIG, TOOL_TYPE } from './gen-ai-attributes.js';
export { genAiMessage, outputMessages, splitPrompt, toolCallParts, type GenAiMessage, type GenAiPart } from './gen-ai-messages.js';
export { spanEnd, spanEvent, spanStart, tokenUsage, type OtelSpanEnd, type OtelSpanStart } from './span-mapping.js';
export { hrTime, otelListener, OtelSpanWriter, writeTraces } from './otel-span-writer.js';
export { exportTraces, otlpTracesUrl, otlpTracing, type OtlpExportOptions, type OtlpTracing } from './otlp-export.js';
