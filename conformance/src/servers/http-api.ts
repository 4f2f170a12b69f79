/**
 * The `http` local server: a small deterministic JSON API for ApiNode and
 * RemoteTool cases. Its routes are documented in CASES.md ("Local servers").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const CAPITALS: Readonly<Record<string, string>> = {
  France: 'Paris', Germany: 'Berlin', Italy: 'Rome', Japan: 'Tokyo', Spain: 'Madrid',
};
const ITEMS = [{ id: 1, name: 'apple' }, { id: 2, name: 'banana' }, { id: 3, name: 'cherry' }];
/** Request headers `/echo` returns: the ones a spec sets, not those a client adds on its own. */
const ECHOED_HEADER = /^(content-type|authorization|x-.*)$/;

type Query = Record<string, string | string[]>;

function queryOf(url: URL): Query {
  const query: Query = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length === 1 ? all[0]! : all;
  }
  return query;
}

function parseBody(raw: string, contentType: string): unknown {
  if (raw === '') return null;
  if (contentType.includes('json')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json' });
  res.end(text);
}

/** A handler for one `http` server; keeps the per-key attempt counts of `/flaky`. */
export function httpApi(): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const attempts = new Map<string, number>();
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const body = parseBody(raw, req.headers['content-type'] ?? '');
    const query = queryOf(url);
    const [route = '', param] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    switch (route) {
      case 'echo': {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => ECHOED_HEADER.test(k)));
        return send(res, 200, { method, path: url.pathname, query, headers, body });
      }
      case 'weather': {
        const city = typeof query.city === 'string' ? query.city : 'nowhere';
        return send(res, 200, { city, forecast: 'sunny', temperature: 21 });
      }
      case 'capitals':
        return send(res, 200, { country: param ?? '', capital: CAPITALS[param ?? ''] ?? 'unknown' });
      case 'add': {
        const o = (body ?? {}) as Record<string, unknown>;
        if (typeof o.a !== 'number' || typeof o.b !== 'number') return send(res, 400, { error: 'a and b must be numbers' });
        return send(res, 200, { sum: o.a + o.b });
      }
      case 'items':
        return send(res, 200, ITEMS);
      case 'text':
        return send(res, 200, 'plain text response');
      case 'redirect': {
        // a same-server redirect (302) to the path in ?to= (a path only: never another host)
        const to = url.searchParams.get('to') ?? '';
        if (!to.startsWith('/') || to.startsWith('//')) return send(res, 400, { error: 'to must be a path' });
        res.writeHead(302, { location: to });
        return void res.end();
      }
      case 'status': {
        const status = Number(param);
        if (!Number.isInteger(status) || status < 200 || status > 599) return send(res, 400, { error: 'status must be 200-599' });
        return send(res, status, { status });
      }
      case 'slow': {
        const ms = Math.min(Number(query.ms ?? 0) || 0, 60_000);
        await new Promise((resolve) => setTimeout(resolve, ms));
        return send(res, 200, { done: true, ms });
      }
      case 'big': {
        // N bytes of "x", streamed in 1 KB chunks without a Content-Length (at most 50 MB)
        const bytes = Math.min(Number(query.bytes ?? 0) || 0, 50 * 1024 * 1024);
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        for (let sent = 0; sent < bytes && !res.destroyed; sent += 1024) {
          if (!res.write('x'.repeat(Math.min(1024, bytes - sent)))) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
        }
        return void res.end();
      }
      case 'flaky': {
        const key = param ?? 'default';
        const count = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, count);
        const failures = Number(query.failures ?? 1) || 0;
        return count <= failures ? send(res, 503, { error: 'try again', attempt: count }) : send(res, 200, { ok: true, attempts: count });
      }
      default:
        return send(res, 404, { error: `no route ${method} ${url.pathname}` });
    }
  };
}
