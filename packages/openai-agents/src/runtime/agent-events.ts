import { usageAttribute } from '@agentspec/runtime';
import type { Agent, Tool } from '@agentspec/core';
import type { RunStreamEvent } from '@openai/agents';
import type { Message, RunSpans, SpanRef, TransformTrace } from '@agentspec/runtime';
import { toMessages } from './to-messages.js';

/** Whether an error is the LLM's (its request failed, timed out or answered something unusable). */
const isLlmError = (e: unknown): boolean => /^AS_LLM_/.test(String((e as { code?: unknown } | null)?.code));

/** Tools the SDK runs in this process (their calls get a ToolExecution span). */
const RUNS_HERE = new Set<Tool['component_type']>(['ServerTool', 'RemoteTool', 'MCPTool']);

/**
 * The events of a streamed agent run (DESIGN §4.5) from the SDK's stream
 * events, through the shared span helpers (RunSpans): the AgentExecution
 * span (one for the whole session: each run continues it), an LlmGeneration
 * span per model request — the session's n-th at position `llm#n`, so a
 * request that failed and is retried by the next run is one span — with its
 * text deltas, a ToolExecution span per tool run here, tool confirmation /
 * client requests, and the messages the run added.
 */
export class AgentEvents {
  readonly #agentSpan: SpanRef;
  #llmSpan: SpanRef | undefined;
  readonly #toolSpans = new Map<string, SpanRef>();
  /** LLM requests of the session answered so far (the index of the next one). */
  llmAnswered: number;
  /** Calls the caller rejected: not run (the SDK still gives their rejection as a tool output). */
  readonly #rejected = new Set<string>();

  constructor(
    private readonly spans: RunSpans,
    private readonly agent: Agent,
    llmAnswered: number,
    inputs: Readonly<Record<string, unknown>>,
  ) {
    this.llmAnswered = llmAnswered;
    this.#agentSpan = spans.start('AgentExecutionSpan', 'agent', agent.name, { agent: agent.id, inputs });
  }

  #event(type: Parameters<RunSpans['event']>[0], name: string, attributes: Record<string, unknown>): void {
    this.spans.event(type, this.#agentSpan.id, name, attributes);
  }

  /** Where the agent's message transforms trace their summarization calls: inside the agent span. */
  transforms(): TransformTrace {
    return { spans: this.spans, parent: this.#agentSpan, position: 'agent/transforms' };
  }

  #openLlm(): SpanRef {
    const config = this.agent.llm_config;
    return (this.#llmSpan = this.spans.start('LlmGenerationSpan', `agent/llm#${this.llmAnswered}`, config.name,
      { llm_config: config.id, llm_generation_config: config.default_generation_parameters ?? null }, this.#agentSpan));
  }

  sdk(e: RunStreamEvent): void {
    const config = this.agent.llm_config;
    if (e.type === 'raw_model_stream_event') {
      const d = e.data;
      if (d.type === 'response_started') {
        this.#openLlm();
      } else if (d.type === 'output_text_delta' && this.#llmSpan) {
        this.spans.event('LlmGenerationStreamingChunkReceived', this.#llmSpan.id, config.name, { content: d.delta });
      } else if (d.type === 'response_done' && this.#llmSpan) {
        const [reply] = toMessages(d.response.output, this.agent.name);
        this.spans.end(this.#llmSpan, { content: reply?.content ?? '', tool_calls: reply?.toolCalls ?? [], ...usageAttribute(d.response.usage) });
        this.#llmSpan = undefined;
        this.llmAnswered++;
      }
      return;
    }
    if (e.type !== 'run_item_stream_event') return;
    const raw = e.item.rawItem as { callId?: string; name?: string; arguments?: string; output?: unknown };
    const tool = this.agent.tools.find((t) => t.name === raw.name);
    const callId = raw.callId ?? '';
    if (e.name === 'tool_called' && tool && RUNS_HERE.has(tool.component_type) && tool.requires_confirmation !== true) this.#openTool(callId, tool, raw.arguments);
    else if (e.name === 'tool_output') {
      if (tool && RUNS_HERE.has(tool.component_type) && !this.#toolSpans.has(callId) && !this.#rejected.has(callId)) this.#openTool(callId, tool, undefined);
      this.#closeTool(callId, { outputs: toMessages([raw], this.agent.name)[0]?.content ?? '' });
    } else if (e.name === 'tool_approval_requested' && tool) {
      const type = tool.requires_confirmation === true ? 'ToolConfirmationRequest' : 'HumanInTheLoopRequest';
      this.#event(type, tool.name, { tool: tool.id, tool_call_id: callId, inputs: raw.arguments ?? null });
    }
  }

  #openTool(callId: string, tool: Tool, args: string | undefined): void {
    this.#toolSpans.set(callId, this.spans.start('ToolExecutionSpan', `agent/tool:${callId}`, tool.name, { tool: tool.id, tool_call_id: callId, inputs: args ?? null }, this.#agentSpan));
  }

  #closeTool(callId: string, attributes: Record<string, unknown>): void {
    const span = this.#toolSpans.get(callId);
    if (!span) return;
    this.#toolSpans.delete(callId);
    this.spans.end(span, attributes);
  }

  messages(added: readonly Message[]): void {
    for (const message of added) this.#event('ConversationMessageAdded', message.sender ?? message.role, { message });
  }

  /** The agent finished: open spans are closed, then the agent's. */
  end(outputs: Readonly<Record<string, unknown>>): void {
    for (const callId of [...this.#toolSpans.keys()]) this.#closeTool(callId, {});
    this.spans.end(this.#agentSpan, { outputs });
  }

  /** The caller rejected a call that needed confirmation. */
  rejected(callId: string): void {
    this.#rejected.add(callId);
  }

  /** The run failed: the tools it failed in, the LLM request it failed in (opened when the request failed before the SDK announced it), then the agent. */
  error(e: unknown): void {
    if ((e as { code?: unknown } | null)?.code === 'AS_TOOL_CALL_INVALID') {
      // the LLM answered, with a call that was refused: its request ended (the next run asks again)
      this.spans.end(this.#llmSpan ?? this.#openLlm(), {});
      this.#llmSpan = undefined;
      this.llmAnswered++;
    }
    // a tool that failed the run: its span ends with the error
    for (const span of this.#toolSpans.values()) this.spans.fail(span, e);
    this.#toolSpans.clear();
    const llm = this.#llmSpan ?? (isLlmError(e) ? this.#openLlm() : undefined);
    if (llm) this.spans.fail(llm, e);
    this.#llmSpan = undefined;
    this.spans.fail(this.#agentSpan, e);
  }
}
