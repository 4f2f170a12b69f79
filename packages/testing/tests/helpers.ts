import OpenAI from 'openai';
import type { ScriptedLlm } from '../src/index.js';

export interface SseMessage {
  event?: string;
  data: string;
}

/** Splits an SSE body into its events (event name and data). */
export function parseSse(text: string): SseMessage[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const message: SseMessage = { data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) message.event = line.slice(7);
        if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      message.data = data.join('\n');
      return message;
    });
}

/** POSTs a JSON body and returns status, headers and text. */
export async function post(llm: ScriptedLlm, path: string, body: unknown): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const res = await fetch(`${llm.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
}

/** The official client pointed at the server, without retries so that error tests see one request. */
export function client(llm: ScriptedLlm): OpenAI {
  return new OpenAI({ baseURL: llm.url, apiKey: 'test-key', maxRetries: 0 });
}

export const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather in a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
};

export const timeTool = {
  type: 'function' as const,
  function: { name: 'get_time', description: 'Time in a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
};

/** Parsed wire JSON, inspected freely by assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions walk untyped wire data
export type Wire = Record<string, any>;
