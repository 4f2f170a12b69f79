import type { LlmConfig } from '@agentspec/core';
import type { Message } from '../contract.js';
import type { RuntimeEvent } from '../events.js';
import { generationParams, type LlmBackend, type LlmMessage } from '../llm/backend.js';
import type { TransformCall } from './summarization.js';

let spans = 0;

/** Where the summarization calls of a streamed run are traced: the run's events, inside the agent's span. */
export interface TransformTrace {
  readonly emit: (e: RuntimeEvent) => void;
  /** The agent's span (absent where a runtime's spans nest implicitly). */
  readonly parentSpanId?: string;
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
      const spanId = `transform_${(++spans).toString(36)}`;
      const event = (type: 'LlmGenerationRequest' | 'LlmGenerationResponse' | 'ExceptionRaised', attributes: Record<string, unknown>): void =>
        trace?.emit({ type, spanId, ...(trace.parentSpanId ? { parentSpanId: trace.parentSpanId } : {}), timestamp: Date.now() * 1e6, name: llm.name, attributes });
      event('LlmGenerationRequest', { llm_config: llm.id, llm_generation_config: llm.default_generation_parameters ?? null, prompt: messages, tools: null });
      try {
        const response = await backend.generate({ config: llm, messages, params: generationParams(llm), ...(signal ? { signal } : {}) });
        event('LlmGenerationResponse', { content: response.text, tool_calls: response.toolCalls, usage: response.usage ?? null });
        return response.text;
      } catch (e) {
        event('ExceptionRaised', { code: (e as { code?: string }).code, message: (e as Error)?.message ?? String(e) });
        throw e;
      }
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
