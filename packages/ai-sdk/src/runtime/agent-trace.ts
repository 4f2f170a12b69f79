import type { Agent } from '@agentspec/core';
import type { Message, RuntimeEvent, TraceEventType } from '@agentspec/runtime';
import type { TextStreamPart, ToolSet } from 'ai';

let spans = 0;
const newSpan = (): string => `aisdk_${(++spans).toString(36)}`;

interface OpenLlm {
  readonly spanId: string;
  text: string;
  readonly calls: { id: string; name: string; arguments: string }[];
}

/**
 * The events of a streamed agent run (DESIGN §4.5), shaped like the reference
 * runtime's: an agent span; in it one LLM generation span per AI SDK step
 * with the step's token deltas, one tool span per executed call, and the
 * messages the run added to the conversation.
 */
export class AgentTrace {
  private readonly spanId = newSpan();
  private llm: OpenLlm | undefined;
  private step = 0;
  private shown: number;

  constructor(
    private readonly emit: (e: RuntimeEvent) => void,
    private readonly agent: Agent,
    shownMessages: number,
  ) {
    this.shown = shownMessages;
  }

  private event(type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>, parentSpanId?: string): void {
    this.emit({ type, spanId, ...(parentSpanId ? { parentSpanId } : {}), timestamp: Date.now() * 1e6, name, attributes });
  }

  /** Where the agent's message transforms trace their summarization calls: inside the agent span. */
  transforms(): { emit: (e: RuntimeEvent) => void; parentSpanId: string } {
    return { emit: this.emit, parentSpanId: this.spanId };
  }

  start(inputs: Readonly<Record<string, unknown>>): void {
    this.event('AgentExecutionStart', this.spanId, this.agent.name, { agent: this.agent.id, inputs });
  }

  end(outputs: Readonly<Record<string, unknown>>): void {
    this.event('AgentExecutionEnd', this.spanId, this.agent.name, { outputs });
  }

  exception(e: unknown): void {
    this.closeLlm();
    this.event('ExceptionRaised', this.spanId, this.agent.name, { code: (e as { code?: string }).code, message: (e as Error)?.message ?? String(e) });
  }

  /** The messages of the conversation not announced yet. */
  messages(conversation: readonly Message[]): void {
    for (const message of conversation.slice(this.shown)) this.event('ConversationMessageAdded', this.spanId, message.sender ?? message.role, { message });
    this.shown = conversation.length;
  }

  decision(toolCallId: string, tool: string, decision: 'approve' | 'reject', reason: string | undefined): void {
    this.event('ToolConfirmationResponse', this.spanId, tool, { tool_call_id: toolCallId, decision, reason: reason ?? null });
  }

  /** One part of the AI SDK's stream (`result.stream`). */
  part(part: TextStreamPart<ToolSet>): void {
    const config = this.agent.llm_config;
    switch (part.type) {
      case 'start-step':
        this.closeLlm();
        this.llm = { spanId: newSpan(), text: '', calls: [] };
        this.event('LlmGenerationRequest', this.llm.spanId, config.name, {
          llm_config: config.id, request_id: `${this.agent.id}/llm#${this.step++}`, llm_generation_config: config.default_generation_parameters ?? null,
          tools: [...this.agent.tools.map((t) => t.name), ...((this.agent.outputs ?? []).length > 0 ? ['submit_result'] : [])],
        }, this.spanId);
        return;
      case 'text-delta':
        if (!this.llm) return;
        this.llm.text += part.text;
        this.event('LlmGenerationStreamingChunkReceived', this.llm.spanId, config.name, { content: part.text });
        return;
      case 'tool-call':
        this.llm?.calls.push({ id: part.toolCallId, name: part.toolName, arguments: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}) });
        return;
      case 'tool-result':
      case 'tool-error': {
        this.closeLlm();
        const tool = this.agent.tools.find((t) => t.name === part.toolName);
        // submit_result is not a tool execution, nor is an invalid call (unknown tool, malformed arguments)
        if (!tool || (part.type === 'tool-error' && /^AI_(NoSuchTool|InvalidToolInput)Error$/.test(String((part.error as { name?: unknown })?.name)))) return;
        const span = newSpan();
        this.event('ToolExecutionRequest', span, part.toolName, { tool: tool.id, tool_call_id: part.toolCallId, inputs: part.input }, this.spanId);
        if (part.type === 'tool-error') this.event('ExceptionRaised', span, part.toolName, { code: (part.error as { code?: string })?.code, message: (part.error as Error)?.message ?? String(part.error) });
        else this.event('ToolExecutionResponse', span, part.toolName, { outputs: part.output }, this.spanId);
        return;
      }
      case 'tool-approval-request':
      case 'tool-output-denied':
      case 'finish-step':
        this.closeLlm();
        return;
      default:
        return;
    }
  }

  private closeLlm(): void {
    if (!this.llm) return;
    const { spanId, text, calls } = this.llm;
    this.llm = undefined;
    this.event('LlmGenerationResponse', spanId, this.agent.llm_config.name, { content: text, tool_calls: calls }, this.spanId);
  }
}

