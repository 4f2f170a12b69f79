import type { ServerResponse } from 'node:http';

/** Start a server-sent events response (no buffering by proxies). */
export function startSse(res: ServerResponse, contentType = 'text/event-stream'): void {
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  res.flushHeaders();
}
