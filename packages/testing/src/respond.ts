import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestError } from './errors.js';
import type { NormalizedRequest, Obj } from './normalize.js';
import type { CompletionReply } from './plan-reply.js';
import type { WireFault } from './rules.js';
import { renderChatChunks, renderChatCompletion } from './render-chat.js';
import { renderResponse, renderResponseEvents } from './render-responses.js';
import type { ResponseBody } from './render-responses.js';
import { SSE_DONE, sseEvent } from './sse.js';

/** Largest request body accepted. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Reads the whole request body as text; a body over the limit is a 413. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new RequestError(413, `Request body larger than ${limit} bytes.`, { code: 'body_too_large' });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function half(text: string): string {
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

/** Sends a JSON body (`fault` = `body`: cut in half so it is not JSON; `sse`: connection cut mid-body; `stall`: half the body, then nothing). */
export function sendJson(
  res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}, fault?: WireFault,
): void {
  const full = JSON.stringify(body);
  const text = fault === 'body' ? half(full) : full;
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  if (fault === 'sse') {
    res.write(half(text), () => res.destroy());
    return;
  }
  if (fault === 'stall') return void res.write(half(text));
  res.end(text);
}

interface SseMessage {
  readonly event?: string;
  readonly data: string;
}

/**
 * Writes a stream of SSE events, applying a fault: `body` garbles the data of the 2nd event, `sse` cuts the
 * connection half-way, `stall` sends half the events and then nothing more, the connection left open.
 */
function sendEvents(res: ServerResponse, messages: readonly SseMessage[], fault?: WireFault): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const events = messages.map((m, i) => {
    const garble = fault === 'body' && i === Math.min(1, messages.length - 1);
    return sseEvent(garble ? half(m.data) : m.data, m.event);
  });
  if (fault === 'sse') {
    const keep = Math.max(1, Math.floor(events.length / 2));
    for (const event of events.slice(0, keep)) res.write(event);
    res.write(half(events[keep] ?? 'data: {"'), () => res.destroy());
    return;
  }
  if (fault === 'stall') {
    for (const event of events.slice(0, Math.max(1, Math.floor(events.length / 2)))) res.write(event);
    return;
  }
  for (const event of events) res.write(event);
  res.end();
}

/** Sends a completion in the wire format of the request's API, streamed or not; returns the Responses body sent, if any. */
export function sendCompletion(res: ServerResponse, reply: CompletionReply, request: NormalizedRequest, body: Obj): ResponseBody | undefined {
  if (request.endpoint === 'chat.completions') {
    const completion = renderChatCompletion(reply, request.model);
    if (!request.stream) return void sendJson(res, 200, completion, {}, reply.fault);
    const chunks = renderChatChunks(completion, request.includeUsage).map((chunk) => ({ data: JSON.stringify(chunk) }));
    return void sendEvents(res, [...chunks, { data: SSE_DONE }], reply.fault);
  }
  const response = renderResponse(reply, body);
  if (!request.stream) {
    sendJson(res, 200, response, {}, reply.fault);
  } else {
    const events = renderResponseEvents(response).map((event) => ({ event: event.type, data: JSON.stringify(event) }));
    sendEvents(res, events, reply.fault);
  }
  return response;
}
