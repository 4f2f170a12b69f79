import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { LlmConfig } from '@agentspec/core';
import { RuntimeError, type LlmBackend, type LlmMessage, type LlmOptions } from '@agentspec/runtime';
import { chatOpenAI } from '../compile/llm/chat-model.js';
import { toLlmError } from '../compile/llm/llm-error.js';
import { textOf } from '../compile/messages.js';

/** An interpreter's LLM message as a LangChain message. */
function toLangChain(m: LlmMessage): BaseMessage {
  switch (m.role) {
    case 'system':
      return new SystemMessage(m.content);
    case 'user':
      return new HumanMessage(m.content);
    case 'tool':
      return new ToolMessage({ content: m.content, tool_call_id: m.toolCallId ?? '' });
    default:
      return new AIMessage({
        content: m.content,
        tool_calls: (m.toolCalls ?? []).map((c) => ({ id: c.id, name: c.name, args: JSON.parse(c.arguments || '{}') as Record<string, unknown>, type: 'tool_call' as const })),
      });
  }
}

/**
 * An LlmBackend whose every call is made by a LangChain chat model (the
 * runtime's `chatModel` option, else ChatOpenAI on the config's endpoint):
 * what the langgraph runtime runs Swarms and ManagerWorkers on, with the
 * reference interpreter's semantics.
 */
export function chatModelBackend(llm: LlmOptions | undefined, chatModel?: (config: LlmConfig) => BaseChatModel): LlmBackend {
  const models = new Map<LlmConfig, BaseChatModel>();
  const model = (config: LlmConfig): BaseChatModel => {
    let m = models.get(config);
    if (!m) models.set(config, (m = chatModel ? chatModel(config) : chatOpenAI(config, llm ?? {})));
    return m;
  };
  return {
    async generate(request) {
      const site = { llm: request.config.id };
      const base = model(request.config);
      const tools = request.tools ?? [];
      if (tools.length > 0 && typeof base.bindTools !== 'function') throw new RuntimeError('AS_UNSUPPORTED', `the chat model of '${request.config.id}' cannot bind tools`, site);
      const runnable = tools.length > 0
        ? base.bindTools!(tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })))
        : base;
      let reply: AIMessage;
      try {
        reply = (await runnable.invoke(request.messages.map(toLangChain), request.signal ? { signal: request.signal } : {})) as AIMessage;
      } catch (e) {
        throw toLlmError(e, site);
      }
      const usage = reply.usage_metadata;
      return {
        text: textOf(reply.content),
        toolCalls: [
          ...(reply.tool_calls ?? []).map((c, i) => ({ id: c.id ?? `call_${i}`, name: c.name, arguments: JSON.stringify(c.args ?? {}) })),
          ...(reply.invalid_tool_calls ?? []).map((c, i) => ({ id: c.id ?? `invalid_${i}`, name: c.name ?? '?', arguments: c.args ?? '' })),
        ],
        ...(usage ? { usage: { promptTokens: usage.input_tokens, completionTokens: usage.output_tokens } } : {}),
      };
    },
  };
}
