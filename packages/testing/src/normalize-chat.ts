import { RequestError } from './errors.js';
import type { NormalizedMessage, NormalizedRequest, NormalizedToolCall, OfferedTool, ResponseFormat } from './normalize.js';
import {
  argumentsText, contentText, generationParameters, isObject, jsonSchemaFormat, requireBody, requireList,
  simpleFormat, systemPromptOf, toolNameForCall,
} from './normalize.js';
import type { JsonSchema } from './json-schema.js';

function toolCalls(value: unknown, param: string): NormalizedToolCall[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new RequestError(400, `'${param}' must be an array.`, { param });
  return value.map((call: unknown, i) => {
    const fn = isObject(call) ? call.function : undefined;
    if (!isObject(call) || !isObject(fn) || typeof fn.name !== 'string') {
      throw new RequestError(400, `'${param}[${i}]' must be { id, type: 'function', function: { name, arguments } }.`, {
        param: `${param}[${i}]`,
      });
    }
    return { id: typeof call.id === 'string' ? call.id : '', name: fn.name, arguments: argumentsText(fn.arguments) };
  });
}

function chatMessages(list: readonly unknown[]): NormalizedMessage[] {
  const messages: NormalizedMessage[] = [];
  list.forEach((raw, i) => {
    if (!isObject(raw) || typeof raw.role !== 'string') {
      throw new RequestError(400, `'messages[${i}]' must be an object with a string 'role'.`, { param: `messages[${i}]` });
    }
    const calls = toolCalls(raw.tool_calls, `messages[${i}].tool_calls`);
    const toolCallId = typeof raw.tool_call_id === 'string' ? raw.tool_call_id : undefined;
    const name = raw.role === 'tool' ? toolNameForCall(messages, toolCallId) : undefined;
    const sentName = typeof raw.name === 'string' ? raw.name : undefined;
    messages.push({
      role: raw.role,
      content: contentText(raw.content),
      ...(name ?? sentName ? { name: name ?? sentName } : {}),
      ...(calls && calls.length > 0 ? { toolCalls: calls } : {}),
      ...(toolCallId === undefined ? {} : { toolCallId }),
    });
  });
  return messages;
}

function chatTools(list: readonly unknown[] | undefined): OfferedTool[] {
  return (list ?? []).map((raw, i) => {
    if (!isObject(raw) || typeof raw.type !== 'string') {
      throw new RequestError(400, `'tools[${i}]' must be an object with a 'type'.`, { param: `tools[${i}]` });
    }
    const fn = raw.function;
    if (raw.type !== 'function') return { type: raw.type, name: typeof raw.name === 'string' ? raw.name : raw.type };
    if (!isObject(fn) || typeof fn.name !== 'string') {
      throw new RequestError(400, `'tools[${i}].function.name' is required.`, { param: `tools[${i}].function` });
    }
    return {
      type: 'function',
      name: fn.name,
      ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
      ...(isObject(fn.parameters) ? { parameters: fn.parameters as JsonSchema } : {}),
      ...(typeof fn.strict === 'boolean' ? { strict: fn.strict } : {}),
    };
  });
}

function chatResponseFormat(value: unknown): ResponseFormat | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new RequestError(400, "'response_format' must be an object.", { param: 'response_format' });
  if (value.type !== 'json_schema') return simpleFormat(value);
  if (!isObject(value.json_schema)) {
    throw new RequestError(400, "'response_format.json_schema' is required.", { param: 'response_format.json_schema' });
  }
  return jsonSchemaFormat(value.json_schema, 'response_format.json_schema');
}

/** A Chat Completions request body in the common shape; throws `RequestError` on a bad body. */
export function normalizeChatRequest(body: unknown): NormalizedRequest {
  const b = requireBody(body);
  const list = requireList(b, 'messages');
  if (list === undefined) throw new RequestError(400, "Missing required parameter: 'messages'.", { param: 'messages' });
  const messages = chatMessages(list);
  const responseFormat = chatResponseFormat(b.response_format);
  const streamOptions = b.stream_options;
  return {
    endpoint: 'chat.completions',
    model: b.model,
    messages,
    systemPrompt: systemPromptOf(messages),
    tools: chatTools(requireList(b, 'tools')),
    ...(b.tool_choice === undefined ? {} : { toolChoice: b.tool_choice }),
    ...(responseFormat === undefined ? {} : { responseFormat }),
    parameters: generationParameters(b, ['max_completion_tokens', 'max_tokens'], ['messages', 'response_format', 'stream_options']),
    stream: b.stream === true,
    includeUsage: isObject(streamOptions) && streamOptions.include_usage === true,
  };
}
