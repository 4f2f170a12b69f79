import type { ServerResponse } from 'node:http';
import { errorBody, errorStatus } from '../errors.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** An error as `{ error: { code, message, hint? } }` with its status (when the response has not started; else the connection ends). */
export function sendError(res: ServerResponse, e: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const status = errorStatus(e);
  sendJson(res, status, { error: errorBody(e) }, status === 401 ? { 'www-authenticate': 'Bearer realm="agentspec"' } : {});
}
