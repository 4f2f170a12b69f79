import type { AgentInputItem, ModelRequest, SerializedTool } from '@openai/agents';
import type { LlmMessage, LlmRequest } from '@agentspec/runtime';
import { modelSettings } from '../model/model-settings.js';

/** The conversation of an LlmRequest (system messages aside) as SDK input items. */
export function inputItems(messages: readonly LlmMessage[]): AgentInputItem[] {
  const items: AgentInputItem[] = [];
  for (const m of messages) {
    if (m.role === 'user') items.push({ role: 'user', content: m.content });
    else if (m.role === 'tool') {
      items.push({ type: 'function_call_result', callId: m.toolCallId ?? '', name: toolName(messages, m.toolCallId), status: 'completed', output: { type: 'text', text: m.content } });
    } else if (m.role === 'assistant') {
      if (m.content !== '' || !m.toolCalls?.length) items.push({ role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: m.content }] });
      for (const c of m.toolCalls ?? []) items.push({ type: 'function_call', callId: c.id, name: c.name, arguments: c.arguments, status: 'completed' });
    }
  }
  return items;
}

function toolName(messages: readonly LlmMessage[], callId: string | undefined): string {
  for (const m of messages) for (const c of m.toolCalls ?? []) if (c.id === callId) return c.name;
  return '';
}

/**
 * An LlmRequest of the reference interpreter as an SDK ModelRequest: system
 * messages as the instructions, the rest as input items, tools as function
 * tools (not strict: the interpreter validates arguments itself), structured
 * output as a JSON Schema output type, generation parameters as settings.
 */
export function modelRequest(r: LlmRequest): ModelRequest {
  const system = r.messages.filter((m) => m.role === 'system').map((m) => m.content);
  const tools: SerializedTool[] = (r.tools ?? []).map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters as never, strict: false }));
  return {
    ...(system.length > 0 ? { systemInstructions: system.join('\n\n') } : {}),
    input: inputItems(r.messages.filter((m) => m.role !== 'system')),
    modelSettings: modelSettings(r.params),
    tools,
    outputType: r.outputSchema ? { type: 'json_schema', name: r.outputSchema.name, strict: false, schema: r.outputSchema.schema as never } : 'text',
    handoffs: [],
    tracing: false,
    ...(r.signal ? { signal: r.signal } : {}),
  };
}
