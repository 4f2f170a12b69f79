import type { LlmConfig } from '@agentspec/core';
import type { RuntimeError } from '../errors.js';
import { generationParams, type LlmMessage, type LlmResponse } from '../llm/backend.js';
import type { ToolSpec } from '../semantics/agent-tools.js';
import type { Scope } from './execution.js';
import type { JournalEntry } from './journal.js';
import { llmMessages } from '../transforms/transform-call.js';

export interface LlmCall {
  readonly messages: readonly LlmMessage[];
  readonly tools?: readonly ToolSpec[];
  readonly outputSchema?: { readonly name: string; readonly schema: Record<string, unknown> };
  /** A check of a fresh answer: an error refuses it (journaled as refused, then thrown). */
  readonly check?: (response: LlmResponse) => RuntimeError | undefined;
}

/** An LLM answer of the journal: fresh or replayed; `refused` when a check refused it in an earlier run. */
export interface LlmAnswer {
  readonly response: LlmResponse;
  readonly refused: boolean;
}

/** Whether runs of this session stream token deltas as events. */
export const streaming = new WeakSet<object>();

/** One LLM generation in its own span, recorded in the journal. */
export async function callLlm(scope: Scope, config: LlmConfig, call: LlmCall): Promise<LlmResponse> {
  return (await askLlm(scope, config, call)).response;
}

/**
 * One LLM generation whose answer may be refused by `call.check`: a fresh
 * answer that fails the check is journaled as refused and the run fails with
 * the check's error; replayed, it comes back with `refused: true` so the
 * caller can leave it out and go on (the session stays usable).
 */
export async function askLlm(scope: Scope, config: LlmConfig, call: LlmCall): Promise<LlmAnswer> {
  let refusal: RuntimeError | undefined;
  const entry = await llmEntry(scope, config, call, (response) => (refusal = call.check?.(response)));
  if (refusal) throw refusal;
  return { response: entry.response, refused: entry.refused !== undefined };
}

function llmEntry(scope: Scope, config: LlmConfig, call: LlmCall, check: (r: LlmResponse) => RuntimeError | undefined): Promise<Extract<JournalEntry, { kind: 'llm' }>> {
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
      const refused = check(response);
      return { kind: 'llm' as const, response, ...(refused ? { refused: { code: refused.code, message: refused.message } } : {}) };
    });
    return entry;
  }, (e) => ({ content: e.response.text, tool_calls: e.response.toolCalls, usage: e.response.usage ?? null }));
}

/** The conversation as LLM messages. */
export const toLlmMessages = llmMessages;
