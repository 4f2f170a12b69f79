import type { LlmConfig } from '@agentspec/core';
import type { Message } from '../contract.js';
import { generationParams, type LlmBackend, type LlmMessage, type LlmResponse } from '../llm/backend.js';
import type { RunSpans, SpanRef } from '../trace/run-spans.js';
import type { TransformCall } from './summarization.js';

/** What tells apart the summarization spans of this process from those of another process that resumes the same session. */
const PROCESS = Math.random().toString(36).slice(2, 8);
let calls = 0;

/** Where the summarization calls of a run are traced: the run's spans (RunSpans), inside the agent's span. */
export interface TransformTrace {
  readonly spans: RunSpans;
  /** The agent's span (absent where a runtime's spans nest implicitly). */
  readonly parent?: SpanRef | string;
  /** The agent's position in the session (the summarization spans are positioned under it); default `transforms`. */
  readonly position?: string;
}

export interface BackendTransformCallOptions {
  readonly conversationId: string;
  /** The runtime's LLM backend (its framework's models), which makes the summarization calls. */
  readonly backend: LlmBackend;
  readonly signal?: AbortSignal;
  readonly trace?: TransformTrace;
}

/**
 * A {@link TransformCall} whose summarization calls go through an LlmBackend,
 * each traced (when the run streams) as an LlmGenerationRequest /
 * LlmGenerationResponse span of the transform's LLM inside the agent's span,
 * with the attributes the reference interpreter gives its LLM calls: how a
 * framework runtime applies an agent's transforms with its own models.
 */
export function backendTransformCall(options: BackendTransformCallOptions): TransformCall {
  const { backend, signal, trace } = options;
  return {
    conversationId: options.conversationId,
    async summarize(llm: LlmConfig, messages: readonly LlmMessage[]): Promise<string> {
      const generate = (): Promise<LlmResponse> => backend.generate({ config: llm, messages, params: generationParams(llm), ...(signal ? { signal } : {}) });
      if (!trace?.spans.traced) return (await generate()).text;
      // a summarization is one call, never continued by a later run: its position is its own in the session
      const position = `${trace.position ?? 'transforms'}/summary:${PROCESS}.${(++calls).toString(36)}`;
      const attributes = { llm_config: llm.id, llm_generation_config: llm.default_generation_parameters ?? null, prompt: messages, tools: null };
      const response = await trace.spans.within('LlmGenerationSpan', position, llm.name, attributes, trace.parent, generate, {
        endAttributes: (r) => ({ content: r.text, tool_calls: r.toolCalls, usage: r.usage ?? null }),
      });
      return response.text;
    },
  };
}

/** The conversation of the Runnable contract as LLM messages (tool call arguments as JSON text). */
export function llmMessages(messages: readonly Message[]): LlmMessage[] {
  return messages.map((m) => ({
    role: m.role,
    content: m.content,
    ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.args) })) } : {}),
    ...(m.toolCallId ? { toolCallId: m.toolCallId } : {}),
  }));
}
