import type { Helper } from './helper.js';

/**
 * The agent's message transforms in an emitted module: each LLM request's
 * input through `TRANSFORMS` (the shared summarization snippet), read as the
 * runtime reads SDK items (runtime/to-messages.ts, tool results in call
 * order) and written back as backend/model-request.ts writes them — the
 * `callModelInputFilter` of `runOptions`.
 */
export const messageTransforms: Helper = {
  needs: ['summarization'],
  imports: { '@openai/agents': ['type AgentInputItem', 'type Model'] },
  declares: ['MessageTransform', 'TransformHooks', 'transformedInput', 'summaryItems', 'summaryItemText', 'summaryItemsOf', 'summarizedText'],
  code: `
/** A message transform of the agent: its rule, and the model that summarizes (the transform's llm). */
type MessageTransform =
  | { readonly id: string; readonly kind: 'message'; readonly rule: MessageSummarization; readonly model: (llm: LlmOptions) => Model }
  | { readonly id: string; readonly kind: 'conversation'; readonly rule: ConversationSummarization; readonly model: (llm: LlmOptions) => Model };

/** How a caller takes part in the transforms: the conversation's id per request, and summaries made its own way. */
interface TransformHooks {
  readonly conversationId?: () => string | undefined;
  readonly summarize?: (transform: string, messages: readonly SummaryMessage[]) => Promise<string>;
}

/** A request's input through the agent's TRANSFORMS, in order: each summary one request to the transform's model, or \`hooks.summarize\`. */
async function transformedInput(input: readonly AgentInputItem[], llm: LlmOptions, conversationId: string, hooks: TransformHooks | undefined): Promise<AgentInputItem[]> {
  let current = summaryItems(input);
  for (const t of TRANSFORMS) {
    const summarize: Summarize = hooks?.summarize
      ? (m) => hooks.summarize!(t.id, m)
      : async ([system, user]) => summarizedText(await t.model(llm).getResponse({
        systemInstructions: system?.content ?? '', input: user?.content ?? '', modelSettings: {}, tools: [], outputType: 'text', handoffs: [], tracing: false,
      }));
    current = t.kind === 'message' ? await summarizeMessages(t.rule, current, conversationId, summarize) : await summarizeConversation(t.rule, current, conversationId, summarize);
  }
  return summaryItemsOf(current);
}

/** The text of a model response: its output messages' text. */
function summarizedText(response: { readonly output: readonly unknown[] }): string {
  return response.output.map((item) => {
    const o = item as { type?: unknown; content?: unknown };
    return o.type === 'message' ? summaryItemText(o.content) : '';
  }).join('');
}

/** The text of an item's content: a string, or its text parts joined. */
function summaryItemText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p: { text?: unknown; refusal?: unknown }) => (typeof p?.text === 'string' ? p.text : typeof p?.refusal === 'string' ? p.refusal : '')).join('');
}

/** SDK items as the conversation the transforms read: an answer's function calls join it, tool results follow it in call order. */
function summaryItems(items: readonly AgentInputItem[]): SummaryMessage[] {
  const out: (SummaryMessage & { toolCalls?: { id: string; name: string; arguments: string }[] })[] = [];
  for (const raw of items) {
    const item = raw as { readonly type?: string; readonly role?: string; readonly [key: string]: unknown };
    if (item.type === 'function_call') {
      let args: unknown = {};
      try {
        args = typeof item.arguments === 'string' && item.arguments.trim() !== '' ? JSON.parse(item.arguments) : {};
      } catch {
        args = {};
      }
      const call = { id: String(item.callId ?? item.id ?? ''), name: String(item.name), arguments: JSON.stringify(typeof args === 'object' && args !== null && !Array.isArray(args) ? args : {}) };
      const last = out.at(-1);
      if (last?.role === 'assistant') out[out.length - 1] = { ...last, toolCalls: [...(last.toolCalls ?? []), call] };
      else out.push({ role: 'assistant', content: '', toolCalls: [call] });
    } else if (item.type === 'function_call_result') {
      const output = item.output;
      out.push({ role: 'tool', content: typeof output === 'string' ? output : summaryItemText(Array.isArray(output) ? output : [output]), toolCallId: String(item.callId) });
    } else if (item.role === 'user' || item.role === 'system') {
      out.push({ role: item.role, content: summaryItemText(item.content) });
    } else if (item.role === 'assistant') {
      out.push({ role: 'assistant', content: summaryItemText(item.content) });
    }
  }
  for (let i = 0; i < out.length; i++) {
    const calls = out[i]?.toolCalls;
    if (!calls) continue;
    let end = i + 1;
    while (out[end]?.role === 'tool') end++;
    const position = (m: SummaryMessage) => {
      const k = calls.findIndex((c) => c.id === m.toolCallId);
      return k < 0 ? calls.length : k;
    };
    out.splice(i + 1, end - i - 1, ...out.slice(i + 1, end).sort((a, b) => position(a) - position(b)));
  }
  return out;
}

/** The conversation as SDK input items again. */
function summaryItemsOf(messages: readonly SummaryMessage[]): AgentInputItem[] {
  const items: AgentInputItem[] = [];
  const toolName = (id: string | undefined) => messages.flatMap((m) => m.toolCalls ?? []).find((c) => c.id === id)?.name ?? '';
  for (const m of messages) {
    if (m.role === 'user') items.push({ role: 'user', content: m.content });
    else if (m.role === 'tool') items.push({ type: 'function_call_result', callId: m.toolCallId ?? '', name: toolName(m.toolCallId), status: 'completed', output: { type: 'text', text: m.content } });
    else if (m.role === 'assistant') {
      if (m.content !== '' || !m.toolCalls?.length) items.push({ role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: m.content }] });
      for (const c of m.toolCalls ?? []) items.push({ type: 'function_call', callId: c.id, name: c.name, arguments: c.arguments, status: 'completed' });
    }
  }
  return items;
}`,
};
