import type { IncomingMessage } from 'node:http';
import { ServerError } from '../errors.js';

/** The request body as text, refused (AS_REQUEST_TOO_LARGE) past `maxBytes` — by its Content-Length at once, else as it arrives. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  const tooLarge = () => new ServerError('AS_REQUEST_TOO_LARGE', `the request body is larger than ${maxBytes} bytes`, { hint: 'send less, or start the server with a larger --max-request-bytes' });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request body as JSON (an object unless `anyJson`), or AS_BAD_REQUEST. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  const text = await readBody(req, maxBytes);
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (e) {
    throw new ServerError('AS_BAD_REQUEST', `the request body is not JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ServerError('AS_BAD_REQUEST', 'the request body must be a JSON object');
  return value as Record<string, unknown>;
}
