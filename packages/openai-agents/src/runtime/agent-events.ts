import type { Agent, Tool } from '@agentspec/core';
import type { RunStreamEvent } from '@openai/agents';
import type { Message, RuntimeEvent, TraceEventType } from '@agentspec/runtime';
import { toMessages } from './to-messages.js';

let spans = 0;
const newSpanId = () => `oa_span_${(++spans).toString(36)}`;

/** Tools the SDK runs in this process (their calls get a ToolExecution span). */
const RUNS_HERE = new Set<Tool['component_type']>(['ServerTool', 'RemoteTool', 'MCPTool']);

/**
 * The events of a streamed agent run (DESIGN §4.5) from the SDK's stream
 * events: an AgentExecution span, an LlmGeneration span per model answer
 * (with its text deltas), a ToolExecution span per tool run here, tool
 * confirmation / client requests, and the messages the run added.
 */
export class AgentEvents {
  readonly #agentSpan = newSpanId();
  #llmSpan: string | undefined;
  readonly #toolSpans = new Map<string, { spanId: string; name: string }>();

  constructor(
    private readonly emit: (e: RuntimeEvent) => void,
    private readonly agent: Agent,
  ) {}

  #event(type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string): void {
    this.emit({ type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: Date.now() * 1e6, name, attributes });
  }

  /** Where the agent's message transforms trace their summarization calls: inside the agent span. */
  transforms(): { emit: (e: RuntimeEvent) => void; parentSpanId: string } {
    return { emit: this.emit, parentSpanId: this.#agentSpan };
  }

  start(inputs: Readonly<Record<string, unknown>>): void {
    this.#event('AgentExecutionStart', this.#agentSpan, this.agent.name, { agent: this.agent.id, inputs });
  }

  sdk(e: RunStreamEvent): void {
    const config = this.agent.llm_config;
    if (e.type === 'raw_model_stream_event') {
      const d = e.data;
      if (d.type === 'response_started') {
        this.#llmSpan = newSpanId();
        this.#event('LlmGenerationRequest', this.#llmSpan, config.name, { llm_config: config.id, llm_generation_config: config.default_generation_parameters ?? null }, this.#agentSpan);
      } else if (d.type === 'output_text_delta' && this.#llmSpan) {
        this.#event('LlmGenerationStreamingChunkReceived', this.#llmSpan, config.name, { content: d.delta });
      } else if (d.type === 'response_done' && this.#llmSpan) {
        const [reply] = toMessages(d.response.output, this.agent.name);
        const usage = d.response.usage;
        this.#event('LlmGenerationResponse', this.#llmSpan, config.name, {
          content: reply?.content ?? '', tool_calls: reply?.toolCalls ?? [], usage: { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens },
        }, this.#agentSpan);
        this.#llmSpan = undefined;
      }
      return;
    }
    if (e.type !== 'run_item_stream_event') return;
    const raw = e.item.rawItem as { callId?: string; name?: string; arguments?: string; output?: unknown };
    const tool = this.agent.tools.find((t) => t.name === raw.name);
    const callId = raw.callId ?? '';
    if (e.name === 'tool_called' && tool && RUNS_HERE.has(tool.component_type) && tool.requires_confirmation !== true) this.#openTool(callId, tool, raw.arguments);
    else if (e.name === 'tool_output') {
      if (tool && RUNS_HERE.has(tool.component_type) && !this.#toolSpans.has(callId)) this.#openTool(callId, tool, undefined);
      this.#closeTool(callId, { outputs: toMessages([raw], this.agent.name)[0]?.content ?? '' });
    } else if (e.name === 'tool_approval_requested' && tool) {
      const type = tool.requires_confirmation === true ? 'ToolConfirmationRequest' : 'HumanInTheLoopRequest';
      this.#event(type, this.#agentSpan, tool.name, { tool: tool.id, tool_call_id: callId, inputs: raw.arguments ?? null });
    }
  }

  #openTool(callId: string, tool: Tool, args: string | undefined): void {
    const spanId = newSpanId();
    this.#toolSpans.set(callId, { spanId, name: tool.name });
    this.#event('ToolExecutionRequest', spanId, tool.name, { tool: tool.id, tool_call_id: callId, inputs: args ?? null }, this.#agentSpan);
  }

  #closeTool(callId: string, attributes: Record<string, unknown>): void {
    const span = this.#toolSpans.get(callId);
    if (!span) return;
    this.#toolSpans.delete(callId);
    this.#event('ToolExecutionResponse', span.spanId, span.name, attributes, this.#agentSpan);
  }

  messages(added: readonly Message[]): void {
    for (const message of added) this.#event('ConversationMessageAdded', this.#agentSpan, message.sender ?? message.role, { message });
  }

  /** The agent finished: open spans are closed, then the agent's. */
  end(outputs: Readonly<Record<string, unknown>>): void {
    for (const callId of [...this.#toolSpans.keys()]) this.#closeTool(callId, {});
    this.#event('AgentExecutionEnd', this.#agentSpan, this.agent.name, { outputs });
  }

  error(e: unknown): void {
    const err = e as { code?: string; message?: string };
    this.#event('ExceptionRaised', this.#llmSpan ?? this.#agentSpan, this.agent.name, { code: err.code, message: err.message });
  }
}
