import type { NormalizedMessage, NormalizedRequest } from './normalize.js';
import type { FunctionCallItem, MessageItem, OutputItem, ResponseBody } from './render-responses.js';

/** What the Responses normalizer may look up: stored output items and conversations. */
export interface ResponseLookup {
  /** An output item this server produced, by its id (`msg_…`, `fc_…`). */
  item(id: string): unknown;
  /** The conversation up to and including a stored response, without its instructions. */
  conversation(responseId: string): readonly NormalizedMessage[] | undefined;
}

/** The assistant message that a response's output items amount to. */
export function outputMessages(output: readonly OutputItem[]): NormalizedMessage[] {
  if (output.length === 0) return [];
  // hosted tool calls (web_search_call, …) carry no conversation text
  const text = output.flatMap((item) => (item.type === 'message' ? (item as MessageItem).content.map((part) => part.text) : [])).join('\n');
  const toolCalls = output.flatMap((item) => {
    if (item.type !== 'function_call') return [];
    const call = item as FunctionCallItem;
    return [{ id: call.call_id, name: call.name, arguments: call.arguments }];
  });
  return [{ role: 'assistant', content: text, ...(toolCalls.length > 0 ? { toolCalls } : {}) }];
}

/**
 * Responses kept in memory, as the API keeps those created with `store`
 * (default true): their output items answer `item_reference` inputs and their
 * conversations answer `previous_response_id`. The oldest are forgotten past `limit`.
 */
export class ResponseStore implements ResponseLookup {
  readonly #items = new Map<string, OutputItem>();
  readonly #conversations = new Map<string, readonly NormalizedMessage[]>();
  readonly #limit: number;

  constructor(limit = 10_000) {
    this.#limit = limit;
  }

  item(id: string): unknown {
    return this.#items.get(id);
  }

  conversation(responseId: string): readonly NormalizedMessage[] | undefined {
    return this.#conversations.get(responseId);
  }

  /** Keeps a response (unless the request said `store: false`). */
  remember(body: Readonly<Record<string, unknown>>, request: NormalizedRequest, response: ResponseBody): void {
    if (body.store === false) return;
    const fromInstructions = typeof body.instructions === 'string' && body.instructions !== '' ? 1 : 0;
    this.#conversations.set(response.id, [...request.messages.slice(fromInstructions), ...outputMessages(response.output)]);
    for (const item of response.output) this.#items.set(item.id, item);
    trim(this.#conversations, this.#limit);
    trim(this.#items, this.#limit);
  }

  clear(): void {
    this.#items.clear();
    this.#conversations.clear();
  }
}

function trim(map: Map<string, unknown>, limit: number): void {
  for (const key of map.keys()) {
    if (map.size <= limit) return;
    map.delete(key);
  }
}
