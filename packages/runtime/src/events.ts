/**
 * Run events (DESIGN §4.5), shaped after Agent Spec Tracing: spans for flows,
 * nodes, agents (Swarms and ManagerWorkers too), LLM generations and tool executions — opened by a `…Start`
 * (or `…Request`) event and closed by the matching `…End` (`…Response`) — and
 * point events for messages, token deltas, interrupts and errors. The same
 * spec yields the same span tree on every runtime, timings aside.
 */
import type { RunStatus } from './contract.js';

export type SpanType = 'FlowExecutionSpan' | 'NodeExecutionSpan' | 'AgentExecutionSpan' | 'LlmGenerationSpan' | 'ToolExecutionSpan' | 'SwarmExecutionSpan' | 'ManagerWorkersExecutionSpan';

export type TraceEventType =
  | 'FlowExecutionStart' | 'FlowExecutionEnd'
  | 'NodeExecutionStart' | 'NodeExecutionEnd'
  | 'AgentExecutionStart' | 'AgentExecutionEnd'
  | 'SwarmExecutionStart' | 'SwarmExecutionEnd'
  | 'ManagerWorkersExecutionStart' | 'ManagerWorkersExecutionEnd'
  | 'LlmGenerationRequest' | 'LlmGenerationResponse' | 'LlmGenerationStreamingChunkReceived'
  | 'ToolExecutionRequest' | 'ToolExecutionResponse'
  | 'ToolConfirmationRequest' | 'ToolConfirmationResponse'
  | 'ConversationMessageAdded'
  | 'HumanInTheLoopRequest'
  | 'ExceptionRaised';

/** Which span a start/end event opens or closes. */
export const SPAN_OF: Partial<Record<TraceEventType, SpanType>> = {
  FlowExecutionStart: 'FlowExecutionSpan', FlowExecutionEnd: 'FlowExecutionSpan',
  NodeExecutionStart: 'NodeExecutionSpan', NodeExecutionEnd: 'NodeExecutionSpan',
  AgentExecutionStart: 'AgentExecutionSpan', AgentExecutionEnd: 'AgentExecutionSpan',
  SwarmExecutionStart: 'SwarmExecutionSpan', SwarmExecutionEnd: 'SwarmExecutionSpan',
  ManagerWorkersExecutionStart: 'ManagerWorkersExecutionSpan', ManagerWorkersExecutionEnd: 'ManagerWorkersExecutionSpan',
  LlmGenerationRequest: 'LlmGenerationSpan', LlmGenerationResponse: 'LlmGenerationSpan',
  ToolExecutionRequest: 'ToolExecutionSpan', ToolExecutionResponse: 'ToolExecutionSpan',
};

export interface TraceEvent {
  readonly type: TraceEventType;
  /** The span this event belongs to (the one it opens, for start events). */
  readonly spanId: string;
  readonly parentSpanId?: string;
  /** Nanoseconds since the epoch. */
  readonly timestamp: number;
  /** Name of the component (flow, node, agent, LLM config, tool) concerned. */
  readonly name: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** The last event of a `stream()`: how the run ended. */
export type RunEndEvent =
  | { readonly type: 'RunStatus'; readonly status: RunStatus }
  | { readonly type: 'RunError'; readonly error: { readonly code: string; readonly message: string } };

export type RuntimeEvent = TraceEvent | RunEndEvent;
