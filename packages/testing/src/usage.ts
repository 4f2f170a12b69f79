import type { NormalizedMessage } from './normalize.js';
import type { UsageOverride } from './rules.js';

/** Token figures of one reply. */
export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

/** The deterministic token count: whitespace-separated words. */
export function countTokens(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== '').length;
}

/** Words of every message's text, tool call names and arguments. */
export function countPromptTokens(messages: readonly NormalizedMessage[]): number {
  let count = 0;
  for (const message of messages) {
    count += countTokens(message.content);
    for (const call of message.toolCalls ?? []) count += countTokens(call.name) + countTokens(call.arguments);
  }
  return count;
}

/** Words of the reply text, tool call names and arguments. */
export function countCompletionTokens(text: string | null, toolCalls: readonly { name: string; arguments: string }[]): number {
  return countTokens(text ?? '') + toolCalls.reduce((n, call) => n + countTokens(call.name) + countTokens(call.arguments), 0);
}

export function usageWith(promptTokens: number, completionTokens: number, override: UsageOverride = {}): Usage {
  const prompt = override.promptTokens ?? promptTokens;
  const completion = override.completionTokens ?? completionTokens;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: override.totalTokens ?? prompt + completion };
}
