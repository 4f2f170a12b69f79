import { usageAttribute } from '@agentspec/runtime';
import type { Agent } from '@agentspec/core';
import type { Message, RunSpans, SpanRef, TransformTrace } from '@agentspec/runtime';
import type { TextStreamPart, ToolSet } from 'ai';

interface OpenLlm {
  readonly span: SpanRef;
  text: string;
  readonly calls: { id: string; name: string; arguments: string }[];
}

/** Whether an error is the LLM's (its request failed, timed out or answered something unusable). */
const isLlmError = (e: unknown): boolean => /^AS_LLM_/.test(String((e as { code?: unknown } | null)?.code));

/** Whether a tool-error part is an invalid call (unknown tool, malformed arguments), not a tool run: the error is an AI SDK error or, streamed, its text. */
const isInvalidCall = (error: unknown): boolean =>
  /^AI_(NoSuchTool|InvalidToolInput)Error\b/.test(typeof error === 'string' ? error : String((error as { name?: unknown } | null)?.name));

/**
 * The events of a streamed agent run (DESIGN §4.5), shaped like the reference
 * runtime's through the shared span helpers (RunSpans): the agent span (one
 * for the whole session: each run continues it); in it one LLM generation
 * span per AI SDK step — the session's n-th step at position `llm#n`, so a
 * step that failed and is retried by the next run is one span — with the
 * step's token deltas, one tool span per executed call, and the messages the
 * run added to the conversation.
 */
export class AgentTrace {
  private readonly span: SpanRef;
  private llm: OpenLlm | undefined;
  private step: number;
  private shown: number;

  constructor(
    private readonly spans: RunSpans,
    private readonly agent: Agent,
    shownMessages: number,
    /** LLM steps the session has taken (the index of the next one). */
    llmSteps: number,
    inputs: Readonly<Record<string, unknown>>,
  ) {
    this.shown = shownMessages;
    this.step = llmSteps;
    this.span = spans.start('AgentExecutionSpan', 'agent', agent.name, { agent: agent.id, inputs });
  }

  private event(type: Parameters<RunSpans['event']>[0], name: string, attributes: Record<string, unknown>): void {
    this.spans.event(type, this.span.id, name, attributes);
  }

  /** Where the agent's message transforms trace their summarization calls: inside the agent span. */
  transforms(): TransformTrace {
    return { spans: this.spans, parent: this.span, position: 'agent/transforms' };
  }

  end(outputs: Readonly<Record<string, unknown>>): void {
    this.spans.end(this.span, { outputs });
  }

  /** The run failed: the LLM step it failed in (its request may have failed before the AI SDK started the step), then the agent. */
  exception(e: unknown): void {
    if (!this.llm && isLlmError(e)) this.openLlm();
    if (this.llm) {
      this.spans.fail(this.llm.span, e);
      this.llm = undefined;
    }
    this.spans.fail(this.span, e);
  }

  /** The messages of the conversation not announced yet. */
  messages(conversation: readonly Message[]): void {
    for (const message of conversation.slice(this.shown)) this.event('ConversationMessageAdded', message.sender ?? message.role, { message });
    this.shown = conversation.length;
  }

  decision(toolCallId: string, tool: string, decision: 'approve' | 'reject', reason: string | undefined): void {
    this.event('ToolConfirmationResponse', tool, { tool_call_id: toolCallId, decision, reason: reason ?? null });
  }

  /** One part of the AI SDK's stream (`result.stream`). */
  part(part: TextStreamPart<ToolSet>): void {
    const config = this.agent.llm_config;
    switch (part.type) {
      case 'start-step':
        this.closeLlm();
        this.openLlm();
        return;
      case 'text-delta':
        if (!this.llm) return;
        this.llm.text += part.text;
        this.spans.event('LlmGenerationStreamingChunkReceived', this.llm.span.id, config.name, { content: part.text });
        return;
      case 'tool-call':
        // a provider-executed call (a BuiltinTool: a hosted tool of the Responses API) is part of the LLM generation
        if (part.providerExecuted === true) return;
        this.llm?.calls.push({ id: part.toolCallId, name: part.toolName, arguments: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}) });
        return;
      case 'tool-result':
      case 'tool-error': {
        if (part.providerExecuted === true) return;
        this.closeLlm();
        const tool = this.agent.tools.find((t) => t.name === part.toolName);
        // submit_result is not a tool execution, nor is an invalid call (unknown tool, malformed arguments)
        if (!tool || (part.type === 'tool-error' && isInvalidCall(part.error))) return;
        const span = this.spans.start('ToolExecutionSpan', `agent/tool:${part.toolCallId}`, part.toolName, { tool: tool.id, tool_call_id: part.toolCallId, inputs: part.input }, this.span);
        if (part.type === 'tool-error') this.spans.fail(span, part.error);
        else this.spans.end(span, { outputs: part.output });
        return;
      }
      case 'finish-step':
        this.closeLlm(part.usage);
        return;
      case 'tool-approval-request':
      case 'tool-output-denied':
        this.closeLlm();
        return;
      default:
        return;
    }
  }

  private openLlm(): void {
    const config = this.agent.llm_config;
    const n = this.step++;
    const span = this.spans.start('LlmGenerationSpan', `agent/llm#${n}`, config.name, {
      llm_config: config.id, request_id: `${this.agent.id}/llm#${n}`, llm_generation_config: config.default_generation_parameters ?? null,
      tools: [...this.agent.tools.map((t) => t.name), ...((this.agent.outputs ?? []).length > 0 ? ['submit_result'] : [])],
    }, this.span);
    this.llm = { span, text: '', calls: [] };
  }

  /** End the LLM span with its answer, and the tokens the step used when the provider says (as the reference writes them). */
  private closeLlm(usage?: { readonly inputTokens?: number | undefined; readonly outputTokens?: number | undefined }): void {
    if (!this.llm) return;
    const { span, text, calls } = this.llm;
    this.llm = undefined;
    this.spans.end(span, { content: text, tool_calls: calls, ...usageAttribute(usage) });
  }
}

