import type { BaseMessage, AIMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { LlmConfig } from '@agentspec/core';
import type { ErrorSite } from '@agentspec/runtime';
import { span } from '../events.js';
import { textOf, toContractMessages } from '../messages.js';
import { toLlmError } from './llm-error.js';

export type ChatRunnable = Runnable<BaseMessage[], AIMessage>;

export interface ModelCall {
  readonly config: LangGraphRunnableConfig;
  readonly llmConfig: LlmConfig;
  readonly site: ErrorSite;
  /** The span of the node or agent making the call. */
  readonly parent?: string | undefined;
  /** Extra call options (e.g. `response_format`). */
  readonly options?: Record<string, unknown>;
  readonly tools?: readonly string[];
}

/** One LLM generation: an LlmGeneration span around the model call, errors coded. */
export function callModel(model: ChatRunnable, messages: BaseMessage[], call: ModelCall): Promise<AIMessage> {
  const attributes = () => ({
    llm_config: call.llmConfig.id,
    llm_generation_config: call.llmConfig.default_generation_parameters ?? null,
    prompt: toContractMessages(messages),
    tools: call.tools ?? null,
  });
  return span(call.config, ['LlmGenerationRequest', 'LlmGenerationResponse'], call.llmConfig.name, attributes, call.parent, async () => {
    try {
      return await model.invoke(messages, call.options ? ({ ...call.config, ...call.options } as LangGraphRunnableConfig) : call.config);
    } catch (e) {
      throw toLlmError(e, call.site);
    }
  }, (r) => ({ content: textOf(r.content), tool_calls: r.tool_calls ?? [], ...usageOf(r) }));
}

/** The tokens the call used, when the model says (LangChain's \`usage_metadata\`), as the reference writes them. */
function usageOf(r: AIMessage): { usage?: { promptTokens: number; completionTokens: number } } {
  const u = r.usage_metadata;
  return u ? { usage: { promptTokens: u.input_tokens, completionTokens: u.output_tokens } } : {};
}
