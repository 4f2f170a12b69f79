import { RequestError } from './errors.js';
import type { JsonSchema } from './json-schema.js';
import type { Endpoint } from './rules.js';

/** A tool call as it appears in the history. */
export interface NormalizedToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as sent (JSON text, normally). */
  readonly arguments: string;
}

/** One message of either API, in one shape. */
export interface NormalizedMessage {
  /** `system`, `developer`, `user`, `assistant` or `tool` (other roles kept as sent). */
  readonly role: string;
  /** The text of the message; text parts joined with `\n`; `''` when there is none. */
  readonly content: string;
  /** For `tool` messages, the name of the tool that was called (resolved from the history); else the `name` sent. */
  readonly name?: string;
  readonly toolCalls?: readonly NormalizedToolCall[];
  readonly toolCallId?: string;
}

export interface OfferedTool {
  /** `function` for function tools; built-in tools keep their type (and use it as name). */
  readonly type: string;
  readonly name: string;
  readonly description?: string;
  readonly parameters?: JsonSchema;
  readonly strict?: boolean;
}

/** `response_format` (chat) or `text.format` (responses). */
export type ResponseFormat =
  | { readonly type: 'json_schema'; readonly name: string; readonly schema: JsonSchema; readonly strict?: boolean }
  | { readonly type: 'json_object' }
  | { readonly type: 'text' };

export interface GenerationParameters {
  readonly temperature?: number;
  readonly topP?: number;
  /** `max_tokens`, `max_completion_tokens` or `max_output_tokens`. */
  readonly maxTokens?: number;
  /** Every other body field, as sent (e.g. `seed`, `stop`, `parallel_tool_calls`, `reasoning`). */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** What rules see of a request. */
export interface NormalizedRequest {
  readonly endpoint: Endpoint;
  readonly model: string;
  readonly messages: readonly NormalizedMessage[];
  /** All system / developer messages (Responses `instructions` first), joined with a blank line. */
  readonly systemPrompt: string;
  readonly tools: readonly OfferedTool[];
  readonly toolChoice?: unknown;
  readonly responseFormat?: ResponseFormat;
  readonly parameters: GenerationParameters;
  readonly stream: boolean;
  /** Chat `stream_options.include_usage`. */
  readonly includeUsage: boolean;
}

export type Obj = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a message content: a string, or the text of its parts (`text`, `input_text`, `output_text`, …). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** The name of the tool whose call has this id, searching the history backwards. */
export function toolNameForCall(history: readonly NormalizedMessage[], callId: string | undefined): string | undefined {
  if (callId === undefined) return undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const call = history[i]?.toolCalls?.find((c) => c.id === callId);
    if (call !== undefined) return call.name;
  }
  return undefined;
}

export function systemPromptOf(messages: readonly NormalizedMessage[]): string {
  return messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => m.content)
    .join('\n\n');
}

export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined ? '' : JSON.stringify(value);
}

/** The fields every request must have: a JSON object with a model. */
export function requireBody(body: unknown): Obj & { model: string } {
  if (!isObject(body)) throw new RequestError(400, 'The request body must be a JSON object.', { code: 'invalid_body' });
  if (typeof body.model !== 'string' || body.model === '') {
    throw new RequestError(400, 'You must provide a model parameter.', { param: 'model', code: 'missing_model' });
  }
  return body as Obj & { model: string };
}

function optionalNumber(body: Obj, key: string): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') throw new RequestError(400, `'${key}' must be a number.`, { param: key, code: 'invalid_type' });
  return value;
}

/** Generation parameters; `known` are the fields normalized elsewhere (left out of `extra`). */
export function generationParameters(body: Obj, maxKeys: readonly string[], known: readonly string[]): GenerationParameters {
  const temperature = optionalNumber(body, 'temperature');
  const topP = optionalNumber(body, 'top_p');
  const maxTokens = maxKeys.map((key) => optionalNumber(body, key)).find((v) => v !== undefined);
  const skip = new Set(['model', 'stream', 'temperature', 'top_p', 'tools', 'tool_choice', ...maxKeys, ...known]);
  const extra = Object.fromEntries(Object.entries(body).filter(([key]) => !skip.has(key)));
  return {
    ...(temperature === undefined ? {} : { temperature }),
    ...(topP === undefined ? {} : { topP }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    extra,
  };
}

export function requireList(body: Obj, key: string): readonly unknown[] | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new RequestError(400, `'${key}' must be an array.`, { param: key, code: 'invalid_type' });
  return value;
}

export function jsonSchemaFormat(format: Obj, param: string): ResponseFormat {
  const schema = format.schema;
  if (!(isObject(schema) || typeof schema === 'boolean')) {
    throw new RequestError(400, `'${param}.schema' must be a JSON Schema object.`, { param, code: 'invalid_schema' });
  }
  return {
    type: 'json_schema',
    name: typeof format.name === 'string' ? format.name : 'response',
    schema,
    ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}),
  };
}

export function simpleFormat(format: Obj): ResponseFormat | undefined {
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'text') return { type: 'text' };
  return undefined;
}
