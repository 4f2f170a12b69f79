import type { LlmConfig } from '@agentspec/core';
import type { ToolSpec } from '../semantics/agent-tools.js';

/** A message as sent to an LLM. */
export interface LlmMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly toolCalls?: readonly { readonly id: string; readonly name: string; readonly arguments: string }[];
  readonly toolCallId?: string;
}

/** Generation parameters, from an LLM config's default_generation_parameters. */
export interface GenerationParams {
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxTokens?: number;
  /** Any other parameter of the config, passed through as is. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

export interface LlmRequest {
  readonly config: LlmConfig;
  readonly messages: readonly LlmMessage[];
  readonly tools?: readonly ToolSpec[];
  /** Ask for structured output matching this JSON Schema. */
  readonly outputSchema?: { readonly name: string; readonly schema: Record<string, unknown> };
  readonly params: GenerationParams;
  readonly signal?: AbortSignal;
  /** Called with each text delta when the backend streams. */
  readonly onDelta?: (text: string) => void;
}

export interface LlmResponse {
  readonly text: string;
  /** Tool calls with their raw argument text (parsed by the caller, which reports malformed ones). */
  readonly toolCalls: readonly { readonly id: string; readonly name: string; readonly arguments: string }[];
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
}

/** What the reference interpreter needs from an LLM (DESIGN §4.3). */
export interface LlmBackend {
  generate(request: LlmRequest): Promise<LlmResponse>;
}

/** Generation parameters of an LLM config. */
export function generationParams(config: LlmConfig): GenerationParams {
  const p = config.default_generation_parameters ?? {};
  const { temperature, top_p, max_tokens, ...extra } = p as Record<string, unknown>;
  const out: { temperature?: number; topP?: number; maxTokens?: number; extra?: Record<string, unknown> } = {};
  if (typeof temperature === 'number') out.temperature = temperature;
  if (typeof top_p === 'number') out.topP = top_p;
  if (typeof max_tokens === 'number') out.maxTokens = max_tokens;
  const rest = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== null && v !== undefined));
  if (Object.keys(rest).length > 0) out.extra = rest;
  return out;
}
