/** The mini runtime's LLM call: OpenAI Chat Completions over real HTTP with fetch. */
import type { Agent, Property, Tool } from '@agentspec/core';
import type { Message, ToolCall } from '@agentspec/runtime';
import { MiniError } from './mini-error.js';

export const SUBMIT_RESULT = 'submit_result';

function schemaOf(properties: readonly Property[] | null | undefined): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const p of properties ?? []) props[p.title] = { type: p.type ?? 'string', ...(p.description ? { description: p.description } : {}) };
  return { type: 'object', properties: props, required: (properties ?? []).filter((p) => p.default === undefined).map((p) => p.title) };
}

function toolsOf(agent: Agent): unknown[] {
  const tools = agent.tools.map((t: Tool) => ({
    type: 'function',
    function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: schemaOf(t.inputs as readonly Property[] | undefined) },
  }));
  if ((agent.outputs ?? []).length > 0) {
    tools.push({ type: 'function', function: { name: SUBMIT_RESULT, description: 'Submit the final result.', parameters: schemaOf(agent.outputs) } });
  }
  return tools;
}

function wire(m: Message): Record<string, unknown> {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  if (m.role === 'assistant' && m.toolCalls?.length) {
    return {
      role: 'assistant', content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })),
    };
  }
  return { role: m.role, content: m.content };
}

export function render(template: string, inputs: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = inputs[name];
    return value === undefined ? whole : typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** One turn of the agent: the assistant's text and tool calls. */
export async function callLlm(url: string, agent: Agent, inputs: Readonly<Record<string, unknown>>, messages: readonly Message[]): Promise<{ text: string; calls: ToolCall[] }> {
  const config = agent.llm_config as { model_id?: string };
  const body = {
    model: config.model_id ?? 'mini',
    messages: [{ role: 'system', content: render(agent.system_prompt, inputs) }, ...messages.map(wire)],
    tools: toolsOf(agent),
  };
  const res = await fetch(`${url}/chat/completions`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer mini' }, body: JSON.stringify(body),
  });
  if (!res.ok) throw new MiniError('AS_LLM_HTTP', `LLM answered ${res.status}: ${await res.text()}`);
  const completion = (await res.json()) as {
    choices: { message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] } }[];
  };
  const message = completion.choices[0]?.message;
  if (!message) throw new MiniError('AS_LLM_RESPONSE', 'no choice in the completion');
  const calls = (message.tool_calls ?? []).map((c) => {
    try {
      return { id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) as Record<string, unknown> };
    } catch {
      throw new MiniError('AS_TOOL_CALL_INVALID', `arguments of ${c.function.name} are not JSON`);
    }
  });
  return { text: message.content ?? '', calls };
}
