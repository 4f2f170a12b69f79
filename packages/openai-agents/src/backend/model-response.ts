import type { AgentOutputItem } from '@openai/agents';
import type { LlmResponse } from '@agentspec/runtime';

/** The text, tool calls and usage of an SDK model response. */
export function llmResponse(output: readonly AgentOutputItem[], usage: { readonly inputTokens: number; readonly outputTokens: number } | undefined): LlmResponse {
  let text = '';
  const toolCalls: { id: string; name: string; arguments: string }[] = [];
  for (const item of output) {
    if (item.type === 'function_call') toolCalls.push({ id: item.callId, name: item.name, arguments: item.arguments });
    else if (item.type === 'message' && item.role === 'assistant') {
      for (const part of item.content) if (part.type === 'output_text') text += part.text;
    }
  }
  return { text, toolCalls, ...(usage ? { usage: { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens } } : {}) };
}
