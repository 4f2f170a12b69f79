import { usageAttribute } from '@agentspec/runtime';
import type { Agent, Tool } from '@agentspec/core';
import type { RunStreamEvent } from '@openai/agents';
import type { RuntimeEvent, TraceEventType } from '@agentspec/runtime';
import { toMessages } from '../to-messages.js';

let spans = 0;
/** This process's prefix of span ids: ids saved by a session in another process (continued after a resume) never clash. */
const PROCESS = globalThis.crypto.randomUUID().slice(0, 8);
/** A span id of this package's multi-agent runs. */
export const newSpanId = (): string => `oa_ma_${PROCESS}_${(++spans).toString(36)}`;

/** Tools the SDK runs in this process (their calls get a ToolExecution span). */
const RUNS_HERE = new Set<Tool['component_type']>(['ServerTool', 'RemoteTool', 'MCPTool']);

/** Emits trace events with a parent, timestamped now. */
export type Emit = (type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string) => void;

/** An Emit over a session's `emit` (none: nothing emitted). */
export function emitter(emit: ((e: RuntimeEvent) => void) | undefined): Emit {
  return (type, spanId, name, attributes, parentSpanId) => emit?.({ type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: Date.now() * 1e6, name, attributes });
}

/**
 * The spans of one agent's turn of a multi-agent run, from the SDK's stream
 * events (as AgentEvents does for a lone agent): its AgentExecutionSpan under
 * `parent`, an LlmGenerationSpan per model answer, a ToolExecutionSpan per
 * call of one of its own tools run here. Calls of tools standing for agents
 * open their spans themselves (`toolSpan`), with the asked agent inside.
 */
export class AgentSpans {
  readonly spanId: string;
  #llm: string | undefined;
  readonly #tools = new Map<string, { spanId: string; name: string }>();

  constructor(
    private readonly emit: Emit,
    readonly agent: Agent,
    parent: string | undefined,
    inputs: Readonly<Record<string, unknown>>,
    /** The span of an earlier run this one goes on with (a resumed session): no start emitted. */
    continues?: string,
  ) {
    this.spanId = continues ?? newSpanId();
    if (continues === undefined) emit('AgentExecutionStart', this.spanId, agent.name, { agent: agent.id, inputs }, parent);
  }

  sdk(e: RunStreamEvent): void {
    const config = this.agent.llm_config;
    if (e.type === 'raw_model_stream_event') {
      const d = e.data;
      if (d.type === 'response_started') {
        this.#llm = newSpanId();
        this.emit('LlmGenerationRequest', this.#llm, config.name, { llm_config: config.id, llm_generation_config: config.default_generation_parameters ?? null }, this.spanId);
      } else if (d.type === 'output_text_delta' && this.#llm) {
        this.emit('LlmGenerationStreamingChunkReceived', this.#llm, config.name, { content: d.delta });
      } else if (d.type === 'response_done' && this.#llm) {
        const [reply] = toMessages(d.response.output, this.agent.name);
        this.emit('LlmGenerationResponse', this.#llm, config.name, { content: reply?.content ?? '', tool_calls: reply?.toolCalls ?? [], ...usageAttribute(d.response.usage) }, this.spanId);
        this.#llm = undefined;
      }
      return;
    }
    if (e.type !== 'run_item_stream_event') return;
    const raw = e.item.rawItem as { callId?: string; name?: string; arguments?: string; output?: unknown };
    const tool = this.agent.tools.find((t) => t.name === raw.name);
    if (!tool || !RUNS_HERE.has(tool.component_type)) return;
    const callId = raw.callId ?? '';
    if (e.name === 'tool_called') this.#openTool(callId, tool, raw.arguments);
    else if (e.name === 'tool_output') {
      if (!this.#tools.has(callId)) this.#openTool(callId, tool, undefined);
      this.closeTool(callId, { outputs: toMessages([raw], this.agent.name)[0]?.content ?? '' });
    }
  }

  #openTool(callId: string, tool: Tool, args: string | undefined): void {
    const spanId = newSpanId();
    this.#tools.set(callId, { spanId, name: tool.name });
    this.emit('ToolExecutionRequest', spanId, tool.name, { tool: tool.id, tool_call_id: callId, inputs: args ?? null }, this.spanId);
  }

  /** A ToolExecutionSpan for a call of a tool standing for an agent (`tool`: that agent's id): its span id, for the asked agent's span. */
  toolSpan(callId: string, name: string, tool: string, inputs: unknown): string {
    const spanId = newSpanId();
    this.#tools.set(callId, { spanId, name });
    this.emit('ToolExecutionRequest', spanId, name, { tool, tool_call_id: callId, inputs }, this.spanId);
    return spanId;
  }

  closeTool(callId: string, attributes: Record<string, unknown>): void {
    const span = this.#tools.get(callId);
    if (!span) return;
    this.#tools.delete(callId);
    this.emit('ToolExecutionResponse', span.spanId, span.name, attributes, this.spanId);
  }

  /** The agent's turn ended (a handoff, an answer to its caller, the end of the run): open spans closed, then its own. */
  end(attributes: Record<string, unknown>): void {
    for (const callId of [...this.#tools.keys()]) this.closeTool(callId, {});
    this.emit('AgentExecutionEnd', this.spanId, this.agent.name, attributes);
  }

  error(e: unknown): void {
    const err = e as { code?: string; message?: string };
    this.emit('ExceptionRaised', this.#llm ?? this.spanId, this.agent.name, { code: err.code, message: err.message });
  }
}
