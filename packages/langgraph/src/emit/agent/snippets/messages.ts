/** Helpers of emitted agents (TypeScript source text). The conversation as the Runnable contract shows it, templates, submit_result checks, tool messages. */
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

  render: `/**
 * \`{{ name }}\` placeholders replaced in one left-to-right pass: substituted text is never rendered
 * again (no template injection). Strings as they are, other values as JSON, a missing value as ''.
 */
function render(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/g, (_match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  });
}`,

  submission: `/** Why submit_result arguments do not fit the outputs (the LLM is told, and tries again), or undefined. */
function submissionProblem(args: Readonly<Record<string, unknown>>, outputs: Readonly<Record<string, { type?: string; default?: unknown }>>): string | undefined {
  const problems: string[] = [];
  const castsTo = (from: string, to: string) => from === to || to === 'string' || (['number', 'integer', 'boolean'].includes(from) && ['number', 'integer', 'boolean'].includes(to));
  for (const [name, output] of Object.entries(outputs)) {
    if (!Object.hasOwn(args, name)) {
      if (!('default' in output)) problems.push(\`'\${name}' is missing\`);
      continue;
    }
    const value = args[name];
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (output.type !== undefined && !castsTo(actual, output.type)) problems.push(\`'\${name}' should be \${output.type}\`);
  }
  for (const name of Object.keys(args)) if (!Object.hasOwn(outputs, name)) problems.push(\`'\${name}' is not an output\`);
  return problems.length > 0 ? \`invalid submission: \${problems.join('; ')}. Call submit_result again with corrected arguments.\` : undefined;
}`,

  resultText: `/** A tool result as a tool message: strings as they are, anything else as JSON. */
function resultText(result: unknown): string {
  return typeof result === 'string' ? result : JSON.stringify(result ?? null);
}`,
} as const;
