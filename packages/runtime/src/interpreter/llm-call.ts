import type { LlmConfig } from '@agentspec/core';
import type { Message } from '../contract.js';
import { generationParams, type LlmMessage, type LlmResponse } from '../llm/backend.js';
import type { ToolSpec } from '../semantics/agent-tools.js';
import type { Scope } from './execution.js';

export interface LlmCall {
  readonly messages: readonly LlmMessage[];
  readonly tools?: readonly ToolSpec[];
  readonly outputSchema?: { readonly name: string; readonly schema: Record<string, unknown> };
}

/** Whether runs of this session stream token deltas as events. */
export const streaming = new WeakSet<object>();

/** One LLM generation in its own span, recorded in the journal. */
export function callLlm(scope: Scope, config: LlmConfig, call: LlmCall): Promise<LlmResponse> {
  const exec = scope.exec;
  const params = generationParams(config);
  return scope.span('LlmGenerationRequest', 'LlmGenerationResponse', config.name, {
    llm_config: config.id, request_id: scope.prefix, llm_generation_config: config.default_generation_parameters ?? null,
    prompt: call.messages, tools: call.tools?.map((t) => t.name) ?? null,
  }, async (s) => {
    const entry = await s.effect('llm', async () => {
      const onDelta = streaming.has(exec) ? (text: string) => exec.event('LlmGenerationStreamingChunkReceived', s.spanId ?? 'run', config.name, { content: text }) : undefined;
      const response = await exec.services.backend.generate({
        config, messages: call.messages, params,
        ...(call.tools && call.tools.length > 0 ? { tools: call.tools } : {}),
        ...(call.outputSchema ? { outputSchema: call.outputSchema } : {}),
        ...(exec.services.signal ? { signal: exec.services.signal } : {}),
        ...(onDelta ? { onDelta } : {}),
      });
      return { kind: 'llm' as const, response };
    });
    return entry.response;
  }, (r) => ({ content: r.text, tool_calls: r.toolCalls, usage: r.usage ?? null }));
}

/** The conversation as LLM messages. */
export function toLlmMessages(messages: readonly Message[]): LlmMessage[] {
  return messages.map((m) => ({
    role: m.role,
    content: m.content,
    ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.args) })) } : {}),
    ...(m.toolCallId ? { toolCallId: m.toolCallId } : {}),
  }));
}
