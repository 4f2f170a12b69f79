import { RequestError } from './errors.js';
import type { JsonSchema } from './json-schema.js';
import type { NormalizedMessage, NormalizedRequest, OfferedTool, ResponseFormat } from './normalize.js';
import type { ResponseLookup } from './response-store.js';
import {
  argumentsText, contentText, generationParameters, isObject, jsonSchemaFormat, requireBody, requireList,
  simpleFormat, systemPromptOf, toolNameForCall,
} from './normalize.js';

/** Appends a function call to the assistant message that ends the history, or starts one. */
function addFunctionCall(messages: NormalizedMessage[], item: Readonly<Record<string, unknown>>, i: number): void {
  if (typeof item.call_id !== 'string' || typeof item.name !== 'string') {
    throw new RequestError(400, `'input[${i}]' (function_call) needs 'call_id' and 'name'.`, { param: `input[${i}]` });
  }
  const call = { id: item.call_id, name: item.name, arguments: argumentsText(item.arguments) };
  const last = messages.at(-1);
  if (last?.role === 'assistant') {
    messages[messages.length - 1] = { ...last, toolCalls: [...(last.toolCalls ?? []), call] };
  } else {
    messages.push({ role: 'assistant', content: '', toolCalls: [call] });
  }
}

function addItem(messages: NormalizedMessage[], item: unknown, i: number, lookup: ResponseLookup | undefined): void {
  if (!isObject(item)) throw new RequestError(400, `'input[${i}]' must be an object.`, { param: `input[${i}]` });
  if (item.type === 'item_reference') {
    if (lookup === undefined || typeof item.id !== 'string') return;
    const stored = lookup.item(item.id);
    if (stored === undefined) {
      throw new RequestError(400, `Item with id '${String(item.id)}' not found: this scripted server keeps only the items it produced itself, ` +
        'in memory (send the full item, e.g. with store: false).', { param: `input[${i}]`, code: 'item_not_found' });
    }
    return addItem(messages, stored, i, undefined);
  }
  if (item.type === 'function_call') return addFunctionCall(messages, item, i);
  if (item.type === 'function_call_output') {
    const callId = typeof item.call_id === 'string' ? item.call_id : undefined;
    const name = toolNameForCall(messages, callId);
    messages.push({
      role: 'tool',
      content: contentText(item.output),
      ...(name === undefined ? {} : { name }),
      ...(callId === undefined ? {} : { toolCallId: callId }),
    });
    return;
  }
  if (typeof item.role === 'string' && (item.type === undefined || item.type === 'message')) {
    messages.push({ role: item.role, content: contentText(item.content) });
  }
  // reasoning and built-in tool items carry no conversation text
}

function previousMessages(id: unknown, lookup: ResponseLookup | undefined): readonly NormalizedMessage[] {
  if (id === undefined || id === null || lookup === undefined) return [];
  const conversation = typeof id === 'string' ? lookup.conversation(id) : undefined;
  if (conversation === undefined) {
    throw new RequestError(400, `Previous response with id '${String(id)}' not found.`, {
      param: 'previous_response_id',
      code: 'previous_response_not_found',
    });
  }
  return conversation;
}

function inputMessages(body: Readonly<Record<string, unknown>>, lookup: ResponseLookup | undefined): NormalizedMessage[] {
  const { input = [], instructions } = body;
  const messages: NormalizedMessage[] = [];
  if (typeof instructions === 'string' && instructions !== '') messages.push({ role: 'system', content: instructions });
  messages.push(...previousMessages(body.previous_response_id, lookup));
  if (typeof input === 'string') {
    messages.push({ role: 'user', content: input });
    return messages;
  }
  if (!Array.isArray(input)) {
    throw new RequestError(400, "'input' must be a string or an array of input items.", { param: 'input' });
  }
  input.forEach((item: unknown, i) => addItem(messages, item, i, lookup));
  return messages;
}

function responsesTools(list: readonly unknown[] | undefined): OfferedTool[] {
  return (list ?? []).map((raw, i) => {
    if (!isObject(raw) || typeof raw.type !== 'string') {
      throw new RequestError(400, `'tools[${i}]' must be an object with a 'type'.`, { param: `tools[${i}]` });
    }
    if (raw.type !== 'function') return { type: raw.type, name: typeof raw.name === 'string' ? raw.name : raw.type };
    if (typeof raw.name !== 'string') throw new RequestError(400, `'tools[${i}].name' is required.`, { param: `tools[${i}]` });
    return {
      type: 'function',
      name: raw.name,
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      ...(isObject(raw.parameters) ? { parameters: raw.parameters as JsonSchema } : {}),
      ...(typeof raw.strict === 'boolean' ? { strict: raw.strict } : {}),
    };
  });
}

function textFormat(text: unknown): ResponseFormat | undefined {
  if (text === undefined || text === null) return undefined;
  if (!isObject(text)) throw new RequestError(400, "'text' must be an object.", { param: 'text' });
  const format = text.format;
  if (format === undefined || format === null) return undefined;
  if (!isObject(format)) throw new RequestError(400, "'text.format' must be an object.", { param: 'text.format' });
  return format.type === 'json_schema' ? jsonSchemaFormat(format, 'text.format') : simpleFormat(format);
}

/**
 * A Responses API request body in the common shape; throws `RequestError` on
 * a bad body. With `lookup`, `item_reference` inputs and `previous_response_id`
 * are resolved from stored responses (unknown ones are a 400).
 */
export function normalizeResponsesRequest(body: unknown, lookup?: ResponseLookup): NormalizedRequest {
  const b = requireBody(body);
  if (b.instructions !== undefined && b.instructions !== null && typeof b.instructions !== 'string') {
    throw new RequestError(400, "'instructions' must be a string.", { param: 'instructions' });
  }
  const messages = inputMessages(b, lookup);
  const responseFormat = textFormat(b.text);
  return {
    endpoint: 'responses',
    model: b.model,
    messages,
    systemPrompt: systemPromptOf(messages),
    tools: responsesTools(requireList(b, 'tools')),
    ...(b.tool_choice === undefined ? {} : { toolChoice: b.tool_choice }),
    ...(responseFormat === undefined ? {} : { responseFormat }),
    parameters: generationParameters(b, ['max_output_tokens'], ['input', 'instructions', 'text']),
    stream: b.stream === true,
    includeUsage: true,
  };
}
