/**
 * Helper functions an emitted module may need, written out in it (an Agent
 * has no dependency on @agentspec packages): each is the module's copy of a
 * piece of Agent Spec semantics (DESIGN §4.2) that the AI SDK has no setting
 * for. The emitter includes only those it uses, in this order. Those every
 * emitter needs are shared: EMIT_SNIPPETS of @agentspec/runtime.
 */
import { EMIT_SNIPPETS, type SnippetName } from '@agentspec/runtime';
import type { ModuleHelper, ModuleHelpers, ModuleWriter } from '@agentspec/runtime/emit';
import type { CompileWarning } from '../options.js';

type Helper = ModuleHelper<HelperName>;

const args: Helper = {
  code: `
/** Tool arguments, as the LLM sends them. */
type Args = Record<string, unknown>;

/** Tool arguments must be a JSON object; anything else is an invalid tool call. */
function objectArguments(value: unknown): { success: true; value: Args } | { success: false; error: Error } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { success: true, value: value as Args }
    : { success: false, error: new TypeError('tool arguments must be a JSON object') };
}`,
};

const toolText: Helper = {
  needs: ['toolResultText'],
  code: `
/** What the LLM reads of a tool result (\`toModelOutput\`): strings as they are, anything else as JSON. */
function toolText({ output }: { output: unknown }): { type: 'text'; value: string } {
  return { type: 'text', value: toolResultText(output) };
}`,
};

const speakFirst: Helper = {
  imports: { ai: ['type ToolLoopAgentSettings', 'type ToolSet'] },
  code: `
/**
 * An agent called with no messages speaks first: the AI SDK refuses an empty
 * message list, so the instructions are sent as the one (system) message.
 */
const speakFirst: NonNullable<ToolLoopAgentSettings<never, ToolSet>['prepareCall']> = (call) => {
  const { prompt, messages, instructions } = call;
  if (prompt !== undefined || (messages !== undefined && messages.length > 0) || typeof instructions !== 'string') return call;
  return { ...call, instructions: undefined, allowSystemInMessages: true, messages: [{ role: 'system', content: instructions }] };
};`,
};

const submitResult: Helper = {
  needs: ['args', 'coerce', 'submissionProblem'],
  imports: { ai: ['type StopCondition', 'type ToolSet'] },
  code: `
/** The tool message of an accepted submission. */
const SUBMITTED = 'Result submitted.';

/** The outputs of an accepted submission, coerced to their types. */
function submittedOutputs(args: Args): Args {
  const outputs: Args = {};
  for (const [name, schema] of Object.entries(SUBMIT_RESULT_PARAMETERS.properties ?? {})) {
    if (Object.hasOwn(args, name) && args[name] !== undefined) outputs[name] = coerce(args[name], schema);
  }
  return outputs;
}

/** Ends the loop once a submit_result call was accepted; an invalid one goes back to the LLM, which may correct it. */
const submitResultAccepted: StopCondition<ToolSet> = ({ steps }) =>
  steps.at(-1)?.toolResults.some((r) => r.toolName === 'submit_result' && typeof r.output === 'object' && r.output !== null) ?? false;`,
};

const mcp: Helper = {
  needs: ['mcpRequest'],
  imports: { '@modelcontextprotocol/sdk/client/index.js': ['Client'], '@modelcontextprotocol/sdk/shared/transport.js': ['type Transport'] },
  code: `
/** MCP clients by server, connected on first use (again after a failure or a drop); \`close()\` ends them all. */
interface McpClients {
  link(server: string, transport: () => Transport): McpLink<Client>;
  close(): Promise<void>;
}

function mcpClients(): McpClients {
  const clients = new Map<string, Promise<Client>>();
  return {
    link(server, transport) {
      return {
        open() {
          let client = clients.get(server);
          if (!client) {
            const c = new Client({ name: 'agentspec-emitted-agent', version: '1.0.0' });
            const opening = c.connect(transport()).then(() => c);
            opening.catch(() => clients.get(server) === opening && clients.delete(server));
            clients.set(server, (client = opening));
          }
          return client;
        },
        async drop(client) {
          const current = clients.get(server);
          if (current && (await current.catch(() => undefined)) === client) clients.delete(server);
          await client.close();
        },
      };
    },
    async close() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.allSettled(all.map(async (c) => (await c).close()));
    },
  };
}

/** The text of an MCP tool result (its text blocks); an error result fails the tool. */
function mcpText(result: Record<string, unknown>, tool: string): string {
  const blocks = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  const text = blocks.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join('\\n');
  if (result.isError === true) throw new Error(tool + ': the MCP tool reported an error: ' + (text || '(no text)'));
  return text;
}`,
};

const mcpValue: Helper = {
  needs: ['mcp'],
  code: `
/** The value of an MCP tool result for non-string outputs: its structured content, else its text parsed as JSON. */
function mcpValue(result: Record<string, unknown>, tool: string): unknown {
  const text = mcpText(result, tool);
  return result.structuredContent ?? JSON.parse(text);
}`,
};

const messageTransforms: Helper = {
  needs: ['summarization'],
  imports: { ai: ['generateText', 'type LanguageModel', 'type ModelMessage'] },
  declares: ['MessageTransform', 'transformedMessages', 'summaryConversation', 'summaryResultText', 'summaryText', 'modelMessages', 'summaryArguments'],
  code: `
/** A message transform of the agent: its rule, and the LLM that summarizes (the transform's llm). */
type MessageTransform =
  | { readonly id: string; readonly kind: 'message'; readonly rule: MessageSummarization; readonly model: (llm: LlmOptions) => LanguageModel }
  | { readonly id: string; readonly kind: 'conversation'; readonly rule: ConversationSummarization; readonly model: (llm: LlmOptions) => LanguageModel };

/**
 * The messages of a step through the agent's TRANSFORMS, in order: read as the conversation (one message per user,
 * system and assistant message, its tool calls named, then one per tool result), transformed, and written back as
 * model messages. Each summary is one generation of the transform's LLM, or \`summarize\` when given.
 */
async function transformedMessages(
  messages: readonly ModelMessage[], llm: LlmOptions, conversationId: string,
  summarize: ((transform: string, messages: readonly SummaryMessage[]) => Promise<string>) | undefined,
): Promise<ModelMessage[]> {
  let current = summaryConversation(messages);
  for (const t of TRANSFORMS) {
    const call: Summarize = summarize
      ? (m) => summarize(t.id, m)
      : async ([system, user]) => (await generateText({ model: t.model(llm), system: system?.content ?? '', prompt: user?.content ?? '', maxRetries: 0 })).text;
    current = t.kind === 'message' ? await summarizeMessages(t.rule, current, conversationId, call) : await summarizeConversation(t.rule, current, conversationId, call);
  }
  return modelMessages(current);
}

/** The text parts of a message's content, joined. */
function summaryText(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.flatMap((p: { type?: unknown; text?: unknown }) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('') : '';
}

/** A tool result as the tool message's text. */
function summaryResultText(part: { toolName: string; output: { type: string; value?: unknown; reason?: string } }): string {
  const o = part.output;
  if (o.type === 'text' || o.type === 'error-text') return String(o.value);
  if (o.type === 'json' || o.type === 'error-json') return JSON.stringify(o.value);
  if (o.type === 'execution-denied') return o.reason ?? \`The user rejected this call of \${part.toolName}.\`;
  return summaryText(o.value);
}

/** The step's messages as the conversation: the tool results of an assistant message after it, in call order, once all are there. */
function summaryConversation(history: readonly ModelMessage[]): SummaryMessage[] {
  const out: SummaryMessage[] = [];
  history.forEach((m, i) => {
    if (m.role === 'user') out.push({ role: 'user', content: summaryText(m.content) });
    else if (m.role === 'system') out.push({ role: 'system', content: m.content });
    else if (m.role === 'assistant') {
      const parts = typeof m.content === 'string' ? [] : m.content;
      const calls = parts.flatMap((p) => (p.type === 'tool-call' ? [p] : []));
      const toolCalls = calls.map((c) => ({ id: c.toolCallId, name: c.toolName, arguments: JSON.stringify(typeof c.input === 'object' && c.input !== null && !Array.isArray(c.input) ? c.input : {}) }));
      out.push({ role: 'assistant', content: summaryText(m.content), ...(toolCalls.length > 0 ? { toolCalls } : {}) });
      const results = new Map<string, { toolName: string; output: { type: string; value?: unknown; reason?: string } }>();
      for (let j = i + 1; j < history.length; j++) {
        const next = history[j];
        if (!next || next.role === 'assistant') break;
        if (next.role !== 'tool') continue;
        for (const p of next.content) if (p.type === 'tool-result' && !results.has(p.toolCallId)) results.set(p.toolCallId, p);
      }
      if (calls.length === 0 || !calls.every((c) => results.has(c.toolCallId))) return;
      for (const c of calls) out.push({ role: 'tool', content: summaryResultText(results.get(c.toolCallId)!), toolCallId: c.toolCallId });
    }
  });
  return out;
}

/** A tool call's arguments as its input: JSON, else the text. */
function summaryArguments(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

/** The conversation as model messages again (system messages kept in place). */
function modelMessages(messages: readonly SummaryMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  return messages.map((m): ModelMessage => {
    if (m.role === 'system' || m.role === 'user') return { role: m.role, content: m.content };
    if (m.role === 'tool') {
      const id = m.toolCallId ?? '';
      return { role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: toolNames.get(id) ?? '', output: { type: 'text', value: m.content } }] };
    }
    const calls = m.toolCalls ?? [];
    if (calls.length === 0) return { role: 'assistant', content: m.content };
    for (const c of calls) toolNames.set(c.id, c.name);
    return {
      role: 'assistant',
      content: [
        ...(m.content === '' ? [] : [{ type: 'text' as const, text: m.content }]),
        ...calls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: summaryArguments(c.arguments) })),
      ],
    };
  });
}`,
};

export type HelperName = 'args' | SnippetName | 'toolText' | 'speakFirst' | 'submitResult' | 'mcp' | 'mcpValue' | 'messageTransforms';

/** Every helper, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: ModuleHelpers<HelperName> = {
  args,
  ...EMIT_SNIPPETS,
  coerceArgs: { ...EMIT_SNIPPETS.coerceArgs, needs: ['args', ...EMIT_SNIPPETS.coerceArgs.needs] },
  toolText,
  speakFirst,
  submitResult,
  mcp,
  mcpValue,
  messageTransforms,
};

/** The module being written: the shared ModuleWriter over these helpers. */
export type AiSdkModule = ModuleWriter<HelperName, CompileWarning>;
