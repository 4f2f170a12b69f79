import { SpanKind, SpanStatusCode, type Attributes, type AttributeValue, type SpanStatus } from '@opentelemetry/api';
import { redactSensitive, type SpanType, type TraceInfo, type TracePointEvent, type TraceSpan } from '@agentspec/runtime';
import { GEN_AI, GEN_AI_OPERATION, OPENINFERENCE, PROVIDER_BY_CONFIG, TOOL_TYPE } from './gen-ai-attributes.js';
import { genAiMessage, outputMessages, splitPrompt } from './gen-ai-messages.js';
import type { OtelMappingOptions } from './otel-options.js';

/** What an OpenTelemetry span starts with. */
export interface OtelSpanStart {
  readonly name: string;
  readonly kind: SpanKind;
  readonly attributes: Attributes;
}

/** What it ends with. */
export interface OtelSpanEnd {
  readonly attributes: Attributes;
  readonly status: SpanStatus;
}

const OPENINFERENCE_KIND: Record<SpanType, string> = {
  FlowExecutionSpan: 'CHAIN', NodeExecutionSpan: 'CHAIN', AgentExecutionSpan: 'AGENT', LlmGenerationSpan: 'LLM', ToolExecutionSpan: 'TOOL',
  SwarmExecutionSpan: 'AGENT', ManagerWorkersExecutionSpan: 'AGENT',
};

/** An attribute value: primitives as they are, anything else as JSON (secrets masked again: a trace read from a file may not have been). */
function value(v: unknown): AttributeValue | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return typeof v === 'string' ? (redactSensitive(v) as string) : v;
  return JSON.stringify(redactSensitive(v));
}

function put(into: Record<string, AttributeValue>, key: string, v: unknown): void {
  const x = value(v);
  if (x !== undefined) into[key] = x;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Token counts of an LLM answer's `usage`, whatever its spelling. */
export function tokenUsage(usage: unknown): { input?: number; output?: number } {
  if (typeof usage !== 'object' || usage === null) return {};
  const u = usage as Record<string, unknown>;
  const input = num(u.promptTokens ?? u.inputTokens ?? u.prompt_tokens ?? u.input_tokens);
  const output = num(u.completionTokens ?? u.outputTokens ?? u.completion_tokens ?? u.output_tokens);
  return { ...(input !== undefined ? { input } : {}), ...(output !== undefined ? { output } : {}) };
}

/** The name, kind and first attributes of the OpenTelemetry span for a trace span (GenAI conventions: `invoke_agent {name}`, `invoke_workflow {name}`, `chat {model}`, `execute_tool {name}`). */
export function spanStart(span: TraceSpan, info: TraceInfo, options: OtelMappingOptions = {}): OtelSpanStart {
  const a: Record<string, AttributeValue> = {};
  const content = options.captureContent === true;
  const oi = options.openInference === true;
  const component = span.componentId !== null ? info.components[span.componentId] : undefined;
  const attrs = span.attributes;
  put(a, 'agentspec.span.kind', span.kind);
  put(a, 'agentspec.span.id', span.id);
  put(a, 'agentspec.component.id', span.componentId);
  put(a, 'agentspec.component.type', component?.type ?? attrs.component_type);
  put(a, 'agentspec.run', span.run);
  put(a, 'agentspec.runtime', info.runtime);
  put(a, GEN_AI.CONVERSATION_ID, info.id);
  if (oi) {
    a[OPENINFERENCE.SPAN_KIND] = OPENINFERENCE_KIND[span.kind] ?? 'CHAIN';
    a[OPENINFERENCE.SESSION_ID] = info.id;
  }
  let name = span.name;
  let kind = SpanKind.INTERNAL;
  switch (span.kind) {
    case 'AgentExecutionSpan':
    case 'SwarmExecutionSpan':
    case 'ManagerWorkersExecutionSpan':
      name = `${GEN_AI_OPERATION.INVOKE_AGENT} ${span.name}`;
      a[GEN_AI.OPERATION_NAME] = GEN_AI_OPERATION.INVOKE_AGENT;
      a[GEN_AI.AGENT_NAME] = span.name;
      put(a, GEN_AI.AGENT_ID, span.componentId);
      put(a, GEN_AI.AGENT_DESCRIPTION, component?.description);
      break;
    case 'FlowExecutionSpan':
      name = `${GEN_AI_OPERATION.INVOKE_WORKFLOW} ${span.name}`;
      a[GEN_AI.OPERATION_NAME] = GEN_AI_OPERATION.INVOKE_WORKFLOW;
      a[GEN_AI.WORKFLOW_NAME] = span.name;
      break;
    case 'NodeExecutionSpan':
      name = `${typeof attrs.component_type === 'string' ? attrs.component_type : 'node'} ${span.name}`;
      break;
    case 'LlmGenerationSpan': {
      const model = component?.model;
      name = `${GEN_AI_OPERATION.CHAT} ${model ?? span.name}`;
      kind = SpanKind.CLIENT;
      a[GEN_AI.OPERATION_NAME] = GEN_AI_OPERATION.CHAT;
      put(a, GEN_AI.PROVIDER_NAME, component ? PROVIDER_BY_CONFIG[component.type] : undefined);
      put(a, GEN_AI.REQUEST_MODEL, model);
      const params = (attrs.llm_generation_config ?? {}) as Record<string, unknown>;
      put(a, GEN_AI.REQUEST_TEMPERATURE, num(params.temperature));
      put(a, GEN_AI.REQUEST_MAX_TOKENS, num(params.max_tokens));
      put(a, GEN_AI.REQUEST_TOP_P, num(params.top_p));
      put(a, GEN_AI.REQUEST_FREQUENCY_PENALTY, num(params.frequency_penalty));
      put(a, GEN_AI.REQUEST_PRESENCE_PENALTY, num(params.presence_penalty));
      if (oi) {
        put(a, OPENINFERENCE.LLM_MODEL_NAME, model);
        put(a, OPENINFERENCE.LLM_PROVIDER, a[GEN_AI.PROVIDER_NAME]);
      }
      if (content) {
        const { system, input } = splitPrompt(attrs.prompt);
        if (system.length > 0) put(a, GEN_AI.SYSTEM_INSTRUCTIONS, system);
        if (input.length > 0) put(a, GEN_AI.INPUT_MESSAGES, input);
        if (Array.isArray(attrs.tools) && attrs.tools.length > 0) put(a, GEN_AI.TOOL_DEFINITIONS, attrs.tools.map((t) => (typeof t === 'string' ? { type: 'function', name: t } : t)));
        if (oi && Array.isArray(attrs.prompt)) {
          attrs.prompt.forEach((m, i) => {
            const g = genAiMessage(m);
            put(a, `${OPENINFERENCE.LLM_INPUT_MESSAGES}.${i}.message.role`, g.role);
            put(a, `${OPENINFERENCE.LLM_INPUT_MESSAGES}.${i}.message.content`, g.parts.map((p) => (p.type === 'text' ? p.content : p.type === 'tool_call_response' ? p.response : '')).join(''));
          });
          put(a, OPENINFERENCE.INPUT_VALUE, attrs.prompt);
          a[OPENINFERENCE.INPUT_MIME_TYPE] = 'application/json';
        }
      }
      break;
    }
    case 'ToolExecutionSpan':
      name = `${GEN_AI_OPERATION.EXECUTE_TOOL} ${span.name}`;
      a[GEN_AI.OPERATION_NAME] = GEN_AI_OPERATION.EXECUTE_TOOL;
      a[GEN_AI.TOOL_NAME] = span.name;
      put(a, GEN_AI.TOOL_CALL_ID, attrs.tool_call_id);
      put(a, GEN_AI.TOOL_TYPE, component ? TOOL_TYPE[component.type] : undefined);
      put(a, GEN_AI.TOOL_DESCRIPTION, component?.description);
      if (oi) {
        a[OPENINFERENCE.TOOL_NAME] = span.name;
        put(a, OPENINFERENCE.TOOL_DESCRIPTION, component?.description);
      }
      if (content) put(a, GEN_AI.TOOL_CALL_ARGUMENTS, attrs.inputs ?? {});
      break;
  }
  if (content && span.kind !== 'LlmGenerationSpan' && span.kind !== 'ToolExecutionSpan') put(a, 'agentspec.inputs', attrs.inputs);
  if (content && oi && span.kind !== 'LlmGenerationSpan' && attrs.inputs !== undefined) {
    put(a, OPENINFERENCE.INPUT_VALUE, attrs.inputs);
    a[OPENINFERENCE.INPUT_MIME_TYPE] = 'application/json';
  }
  return { name, kind, attributes: a };
}

/** The attributes and status the OpenTelemetry span ends with: outputs and answers (content), token usage, the error code. */
export function spanEnd(span: TraceSpan, options: OtelMappingOptions = {}): OtelSpanEnd {
  const a: Record<string, AttributeValue> = {};
  const content = options.captureContent === true;
  const oi = options.openInference === true;
  const end = span.endAttributes ?? {};
  a['agentspec.status'] = span.status;
  if (span.kind === 'LlmGenerationSpan') {
    const usage = tokenUsage(end.usage);
    put(a, GEN_AI.USAGE_INPUT_TOKENS, usage.input);
    put(a, GEN_AI.USAGE_OUTPUT_TOKENS, usage.output);
    if (oi) {
      put(a, OPENINFERENCE.LLM_TOKEN_COUNT_PROMPT, usage.input);
      put(a, OPENINFERENCE.LLM_TOKEN_COUNT_COMPLETION, usage.output);
      if (usage.input !== undefined && usage.output !== undefined) a[OPENINFERENCE.LLM_TOKEN_COUNT_TOTAL] = usage.input + usage.output;
    }
    if (content && span.endAttributes) {
      const out = outputMessages(end);
      put(a, GEN_AI.OUTPUT_MESSAGES, out);
      if (oi) {
        put(a, `${OPENINFERENCE.LLM_OUTPUT_MESSAGES}.0.message.role`, 'assistant');
        put(a, `${OPENINFERENCE.LLM_OUTPUT_MESSAGES}.0.message.content`, typeof end.content === 'string' ? end.content : '');
        put(a, OPENINFERENCE.OUTPUT_VALUE, out);
        a[OPENINFERENCE.OUTPUT_MIME_TYPE] = 'application/json';
      }
    }
  } else if (content && span.endAttributes) {
    if (span.kind === 'ToolExecutionSpan') put(a, GEN_AI.TOOL_CALL_RESULT, end.outputs ?? null);
    else put(a, 'agentspec.outputs', end.outputs);
    if (oi && end.outputs !== undefined) {
      put(a, OPENINFERENCE.OUTPUT_VALUE, end.outputs);
      a[OPENINFERENCE.OUTPUT_MIME_TYPE] = 'application/json';
    }
  }
  const branch = end.branch ?? end.branch_selected;
  if (typeof branch === 'string') a['agentspec.branch'] = branch;
  if (span.status === 'error') {
    const code = span.error?.code ?? 'ERROR';
    a['error.type'] = code;
    return { attributes: a, status: { code: SpanStatusCode.ERROR, message: content && span.error?.message ? `${code}: ${redactSensitive(span.error.message) as string}` : code } };
  }
  return { attributes: a, status: { code: span.status === 'ok' ? SpanStatusCode.OK : SpanStatusCode.UNSET } };
}

/**
 * A point event as an OpenTelemetry span event, or undefined when it is not
 * exported (token deltas: the span gets `gen_ai.response.time_to_first_chunk`
 * instead). Without captureContent only what is not content is kept: a
 * message's role and sender, a decision, an exception's type.
 */
export function spanEvent(event: TracePointEvent, options: OtelMappingOptions = {}): { name: string; attributes: Attributes } | undefined {
  const content = options.captureContent === true;
  const at = event.attributes;
  const a: Record<string, AttributeValue> = {};
  switch (event.type) {
    case 'LlmGenerationStreamingChunkReceived':
      return undefined;
    case 'ExceptionRaised':
      put(a, 'exception.type', at.code ?? at.exception_type ?? 'ERROR');
      if (content) put(a, 'exception.message', at.message ?? at.exception_message);
      return { name: 'exception', attributes: a };
    case 'ConversationMessageAdded': {
      const m = (at.message ?? {}) as Record<string, unknown>;
      put(a, 'agentspec.message.role', m.role);
      put(a, 'agentspec.message.sender', m.sender ?? event.name);
      if (content) {
        put(a, 'agentspec.message.content', m.content);
        put(a, 'agentspec.message.tool_calls', m.toolCalls ?? m.tool_calls);
        put(a, 'agentspec.message.tool_call_id', m.toolCallId ?? m.tool_call_id);
      }
      return { name: event.type, attributes: a };
    }
    case 'ToolConfirmationRequest':
    case 'ToolConfirmationResponse':
      put(a, GEN_AI.TOOL_NAME, event.name);
      put(a, GEN_AI.TOOL_CALL_ID, at.tool_call_id);
      put(a, 'agentspec.decision', at.decision);
      if (content) put(a, 'agentspec.reason', at.reason);
      return { name: event.type, attributes: a };
    default:
      put(a, 'agentspec.component.name', event.name);
      put(a, 'agentspec.node.id', at.node);
      return { name: event.type, attributes: a };
  }
}
