/** Helpers of emitted agents (TypeScript source text). The conversation as the Runnable contract shows it. */
export const MESSAGES_SNIPPETS = {
  conversation: `/** A message as the Runnable contract of Agent Spec shows it (in interrupt payloads). */
export interface ContractMessage {
  readonly role: 'user' | 'assistant' | 'system' | 'tool';
  readonly content: string;
  readonly sender?: string;
  readonly toolCallId?: string;
  readonly toolCalls?: readonly { readonly id: string; readonly name: string; readonly args: Record<string, unknown> }[];
}

/** Who said an assistant message (kept in additional_kwargs: OpenAI refuses message names with spaces). */
const SENDER_KEY = 'agentspec_sender';

function textOf(content: BaseMessage['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (typeof part === 'string' ? part : part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}

/** The conversation as the caller sees it when the graph waits (interrupt payloads). */
function conversation(messages: readonly BaseMessage[]): ContractMessage[] {
  return messages.map((m): ContractMessage => {
    const content = textOf(m.content);
    const type = m.getType();
    if (type === 'human') return { role: 'user', content };
    if (type === 'system') return { role: 'system', content };
    if (type === 'tool') {
      const callId = (m as ToolMessage).tool_call_id;
      return { role: 'tool', content, ...(callId ? { toolCallId: callId } : {}), ...(m.name ? { sender: m.name } : {}) };
    }
    const sender = m.additional_kwargs?.[SENDER_KEY];
    const toolCalls = ((m as AIMessage).tool_calls ?? []).map((c, i) => ({ id: c.id ?? \`call_\${i}\`, name: c.name, args: c.args }));
    return { role: 'assistant', content, ...(typeof sender === 'string' ? { sender } : {}), ...(toolCalls.length > 0 ? { toolCalls } : {}) };
  });
}`,
} as const;
