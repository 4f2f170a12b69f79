/**
 * The conversation is kept in LangChain messages (so a LangGraph user sees
 * what they expect in the state); statuses report it in the shape of the
 * Runnable contract, the same as the reference runtime's.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage, type MessageContent } from '@langchain/core/messages';
import type { LlmMessage, Message, ToolCall } from '@agentspec/runtime';

/**
 * Where the sender of an assistant message is kept. Not the message `name`:
 * ChatOpenAI sends that to the API, which refuses names with spaces.
 */
export const SENDER_KEY = 'agentspec_sender';

export function userMessage(text: string): HumanMessage {
  return new HumanMessage({ content: text });
}

export function assistantMessage(content: string, sender: string): AIMessage {
  return new AIMessage({ content, additional_kwargs: { [SENDER_KEY]: sender } });
}

/** Mark an LLM reply as said by `sender`. */
export function withSender<M extends BaseMessage>(message: M, sender: string): M {
  message.additional_kwargs = { ...message.additional_kwargs, [SENDER_KEY]: sender };
  return message;
}

export function textOf(content: MessageContent): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (typeof part === 'string' ? part : part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}

/** A LangChain message as a message of the Runnable contract. */
export function toContractMessage(m: BaseMessage): Message {
  const content = textOf(m.content);
  switch (m.getType()) {
    case 'human':
      return { role: 'user', content };
    case 'system':
      return { role: 'system', content };
    case 'tool': {
      const t = m as BaseMessage & { tool_call_id?: string };
      return { role: 'tool', content, ...(t.tool_call_id ? { toolCallId: t.tool_call_id } : {}), ...(m.name ? { sender: m.name } : {}) };
    }
    default: {
      const sender = m.additional_kwargs?.[SENDER_KEY];
      const calls = (m as AIMessage).tool_calls ?? [];
      const toolCalls: ToolCall[] = calls.map((c, i) => ({ id: c.id ?? `call_${i}`, name: c.name, args: c.args }));
      return {
        role: 'assistant',
        content,
        ...(typeof sender === 'string' ? { sender } : {}),
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
      };
    }
  }
}

export function toContractMessages(messages: readonly BaseMessage[] | undefined): Message[] {
  return (messages ?? []).map(toContractMessage);
}

/** LLM messages (a transformed conversation, a summarization request) as LangChain messages. */
export function fromLlmMessages(messages: readonly LlmMessage[]): BaseMessage[] {
  return messages.map((m): BaseMessage => {
    switch (m.role) {
      case 'system':
        return new SystemMessage({ content: m.content });
      case 'user':
        return new HumanMessage({ content: m.content });
      case 'tool':
        return new ToolMessage({ content: m.content, tool_call_id: m.toolCallId ?? '' });
      case 'assistant': {
        const toolCalls = (m.toolCalls ?? []).map((c) => ({ id: c.id, name: c.name, args: parsed(c.arguments), type: 'tool_call' as const }));
        return new AIMessage({ content: m.content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) });
      }
    }
  });
}

function parsed(text: string): Record<string, unknown> {
  try {
    const v: unknown = text.trim() === '' ? {} : JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
