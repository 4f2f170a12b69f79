import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ServerError } from '../errors.js';

/**
 * Check a request's bearer token (`Authorization: Bearer <token>`): refused
 * with AS_UNAUTHORIZED when it is missing or another. A GET of the playground
 * page (or of a trace view it links to) may carry it as `?token=` instead (a
 * browser opening the URL the server printed); the page then sends it as a
 * header.
 */
export function checkBearer(req: IncomingMessage, url: URL, token: string | undefined): void {
  if (token === undefined) return;
  const header = req.headers.authorization;
  const given = typeof header === 'string' && /^Bearer\s+/i.test(header)
    ? header.replace(/^Bearer\s+/i, '').trim()
    : req.method === 'GET' && pageRoute(url.pathname) ? url.searchParams.get('token') ?? undefined : undefined;
  if (given === undefined) throw new ServerError('AS_UNAUTHORIZED', 'this server requires a bearer token (Authorization: Bearer <token>)');
  if (!same(given, token)) throw new ServerError('AS_UNAUTHORIZED', 'the bearer token is not the one this server was started with');
}

/** The pages a browser opens by URL (the playground, a trace view), which may carry the token as `?token=`. */
function pageRoute(path: string): boolean {
  return path === '/' || /^\/traces\/[^/]+\/view$/.test(path);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether a host name or address only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
}
