/**
 * Helpers of emitted agents (TypeScript source text): the agent's message
 * transforms applied to the conversation of an LLM turn, as the model node of
 * compileLangGraph applies them (compile/agent/model-node.ts). The rules are
 * the shared `summarization` snippet of @agentspec/runtime/emit.
 */
export const TRANSFORMS_SNIPPETS = {
  messageTransforms: `/** A message transform of the agent: its rule, and the chat model of its LLM that summarizes. */
type MessageTransform =
  | { readonly id: string; readonly kind: 'message'; readonly rule: MessageSummarization; readonly model: (options: BuildOptions) => ChatOpenAI }
  | { readonly id: string; readonly kind: 'conversation'; readonly rule: ConversationSummarization; readonly model: (options: BuildOptions) => ChatOpenAI };

/**
 * The conversation an LLM turn sends: the state's messages through the agent's TRANSFORMS, in order (the state keeps
 * them as they are). Read as the Runnable contract shows them, transformed, written back as LangChain messages; each
 * summary is one call of the transform's chat model (\`summarizers\`, in TRANSFORMS' order). The cache key of the
 * conversation is \`configurable.agentspec_conversation\`, else the thread id.
 */
async function transformedMessages(messages: readonly BaseMessage[], summarizers: readonly ChatOpenAI[], config: LangGraphRunnableConfig): Promise<BaseMessage[]> {
  const configurable = (config.configurable ?? {}) as { agentspec_conversation?: unknown; thread_id?: unknown };
  const conversationId = String(configurable.agentspec_conversation ?? configurable.thread_id ?? '');
  let current = conversation(messages).map(({ role, content, toolCallId, toolCalls }): SummaryMessage => ({
    role, content,
    ...(toolCalls ? { toolCalls: toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.args) })) } : {}),
    ...(toolCallId ? { toolCallId } : {}),
  }));
  for (const [i, t] of TRANSFORMS.entries()) {
    const model = summarizers[i] as ChatOpenAI;
    const summarize: Summarize = async (request) => {
      try {
        return textOf((await model.invoke(request.map(langChainMessage), config)).content);
      } catch (e) {
        throw llmError(e);
      }
    };
    current = t.kind === 'message' ? await summarizeMessages(t.rule, current, conversationId, summarize) : await summarizeConversation(t.rule, current, conversationId, summarize);
  }
  return current.map(langChainMessage);
}

/** A message of a transformed conversation (or of a summarization request) as a LangChain message. */
function langChainMessage(m: SummaryMessage): BaseMessage {
  if (m.role === 'system') return new SystemMessage({ content: m.content });
  if (m.role === 'user') return new HumanMessage({ content: m.content });
  if (m.role === 'tool') return new ToolMessage({ content: m.content, tool_call_id: m.toolCallId ?? '' });
  const toolCalls = (m.toolCalls ?? []).map((c) => ({ id: c.id, name: c.name, args: summaryArguments(c.arguments), type: 'tool_call' as const }));
  return new AIMessage({ content: m.content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) });
}

/** A tool call's arguments (JSON text) as an object; anything else as no arguments. */
function summaryArguments(text: string): Record<string, unknown> {
  try {
    const v: unknown = text.trim() === '' ? {} : JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}`,
} as const;
