import type { RuntimeEvent, SpanType, TraceEventType } from '../events.js';
import { SPAN_OF } from '../events.js';

/**
 * The attributes Agent Spec Tracing (`tracing.rst`) gives each event without
 * a default: every event a run emits carries them, on every runtime.
 */
export const SPEC_EVENT_ATTRIBUTES: Readonly<Partial<Record<TraceEventType, readonly string[]>>> = {
  FlowExecutionStart: ['flow', 'inputs'],
  FlowExecutionEnd: ['flow', 'outputs', 'branch_selected'],
  NodeExecutionStart: ['node', 'inputs'],
  NodeExecutionEnd: ['node', 'outputs', 'branch_selected'],
  AgentExecutionStart: ['agent', 'inputs'],
  AgentExecutionEnd: ['agent', 'outputs'],
  SwarmExecutionStart: ['swarm', 'inputs'],
  SwarmExecutionEnd: ['swarm', 'outputs'],
  ManagerWorkersExecutionStart: ['managerworkers', 'inputs'],
  ManagerWorkersExecutionEnd: ['managerworkers', 'outputs'],
  LlmGenerationRequest: ['llm_config', 'request_id', 'prompt'],
  LlmGenerationResponse: ['llm_config', 'request_id', 'content'],
  LlmGenerationStreamingChunkReceived: ['llm_config', 'request_id', 'content'],
  ToolExecutionRequest: ['tool', 'request_id', 'inputs'],
  ToolExecutionResponse: ['tool', 'request_id', 'output'],
  ToolConfirmationRequest: ['tool', 'tool_execution_request_id', 'request_id'],
  ToolConfirmationResponse: ['tool', 'tool_execution_request_id', 'request_id', 'execution_confirmed'],
  ConversationMessageAdded: ['message'],
  ExceptionRaised: ['exception_type', 'exception_message'],
  HumanInTheLoopRequest: ['request_id'],
};

/** The attribute naming the component of each kind of span. */
const COMPONENT_KEY: Readonly<Record<SpanType, string>> = {
  FlowExecutionSpan: 'flow',
  NodeExecutionSpan: 'node',
  AgentExecutionSpan: 'agent',
  SwarmExecutionSpan: 'swarm',
  ManagerWorkersExecutionSpan: 'managerworkers',
  LlmGenerationSpan: 'llm_config',
  ToolExecutionSpan: 'tool',
};

/** What the events after a span's start repeat of it: its component, its request id. */
interface OpenSpan {
  readonly component: unknown;
  readonly requestId: unknown;
}

const has = (a: Readonly<Record<string, unknown>>, key: string): boolean => Object.hasOwn(a, key) && a[key] !== undefined;

/**
 * Wrap a run's emitter so that every event carries the attributes Agent Spec
 * Tracing names (SPEC_EVENT_ATTRIBUTES), whatever the runtime wrote: a span's
 * component and request id repeated from its start on its end and chunks,
 * `branch_selected` from `branch`, `output` from `outputs`, an exception's
 * `exception_type` / `exception_message` from its code and message. What the
 * runtime wrote stays; nothing is taken away. One wrapper per run.
 */
export function withSpecAttributes(emit: ((e: RuntimeEvent) => void) | undefined): ((e: RuntimeEvent) => void) | undefined {
  if (!emit) return undefined;
  const open = new Map<string, OpenSpan>();
  return (e) => {
    if (e.type === 'RunStatus' || e.type === 'RunError') return emit(e);
    const a = e.attributes;
    const add: Record<string, unknown> = {};
    const fill = (key: string, value: () => unknown): void => {
      if (!has(a, key)) add[key] = value();
    };
    const kind = SPAN_OF[e.type];
    const starts = e.type.endsWith('Start') || e.type === 'LlmGenerationRequest' || e.type === 'ToolExecutionRequest';
    if (kind && starts) {
      const key = COMPONENT_KEY[kind];
      // an ApiNode's call is a tool span of the node itself
      fill(key, () => (kind === 'ToolExecutionSpan' ? a.node : undefined) ?? e.name);
      if (kind === 'LlmGenerationSpan' || kind === 'ToolExecutionSpan') fill('request_id', () => a.tool_call_id ?? e.spanId);
      if (kind === 'LlmGenerationSpan') fill('prompt', () => []);
      else fill('inputs', () => ({}));
      open.set(e.spanId, { component: add[key] ?? a[key], requestId: add.request_id ?? a.request_id });
    } else if (kind) {
      const span = open.get(e.spanId);
      open.delete(e.spanId);
      fill(COMPONENT_KEY[kind], () => span?.component ?? e.name);
      if (kind === 'LlmGenerationSpan') {
        fill('request_id', () => span?.requestId ?? e.spanId);
        fill('content', () => '');
      } else if (kind === 'ToolExecutionSpan') {
        fill('request_id', () => span?.requestId ?? e.spanId);
        fill('output', () => a.outputs ?? a.result ?? null);
      } else {
        fill('outputs', () => ({}));
        if (kind === 'FlowExecutionSpan' || kind === 'NodeExecutionSpan') fill('branch_selected', () => a.branch ?? null);
      }
    } else if (e.type === 'LlmGenerationStreamingChunkReceived') {
      const span = open.get(e.spanId);
      fill('llm_config', () => span?.component ?? e.name);
      fill('request_id', () => span?.requestId ?? e.spanId);
      fill('content', () => '');
    } else if (e.type === 'ExceptionRaised') {
      fill('exception_type', () => a.code ?? 'Error');
      fill('exception_message', () => a.message ?? '');
    } else if (e.type === 'HumanInTheLoopRequest') {
      fill('request_id', () => a.node ?? e.spanId);
      fill('content', () => ({}));
    } else if (e.type === 'ToolConfirmationRequest' || e.type === 'ToolConfirmationResponse') {
      fill('tool', () => e.name);
      fill('tool_execution_request_id', () => a.tool_call_id ?? a.request_id ?? e.spanId);
      fill('request_id', () => a.tool_call_id ?? e.spanId);
      if (e.type === 'ToolConfirmationResponse') fill('execution_confirmed', () => a.confirmed ?? a.approved ?? null);
    }
    emit(Object.keys(add).length === 0 ? e : { ...e, attributes: { ...a, ...add } });
  };
}

/** The attributes Agent Spec Tracing names that an event lacks (none: it has them all). */
export function missingSpecAttributes(type: TraceEventType, attributes: Readonly<Record<string, unknown>>): readonly string[] {
  return (SPEC_EVENT_ATTRIBUTES[type] ?? []).filter((k) => !has(attributes, k));
}
