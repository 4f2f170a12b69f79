import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the echo route sends back. */
export interface Echo {
  method: string;
  path: string;
  /** The request target as received. */
  raw: string;
  query: [string, string][];
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A local HTTP server for the tests: echoes requests, answers chosen statuses and delays, counts attempts. */
export interface TestServer {
  readonly port: number;
  readonly base: string;
  /** Requests seen, by path. */
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Routes: /echo… (JSON echo), /status/<code> (text body), /flaky/<name>?fail=N&status=S[&code=C]
 * (fails N times, with a JSON body `{ error: { code: C } }` when given, then answers JSON), /delay/<ms>,
 * /slow-first/<name>?ms=N (the first call answers after N ms, the next ones at once), /text, /json-as-text (JSON body, text/plain),
 * /redirect?to=<url>&status=<code>, /loop (redirects to itself), /big?bytes=N[&length=1] (N bytes, chunked unless
 * length=1), /endless (a body that never ends), /retry-after/<name>?after=<seconds>.
 * Listens on 127.0.0.1 unless another loopback address is given.
 */
export async function startTestServer(host = '127.0.0.1'): Promise<TestServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => void handle(req, res, hits));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://${host}:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, hits: Map<string, number>): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const count = (hits.get(url.pathname) ?? 0) + 1;
  hits.set(url.pathname, count);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const [, route, arg] = url.pathname.split('/');
  const send = (status: number, text: string, type = 'text/plain', extra: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': type, ...extra });
    res.end(text);
  };
  switch (route) {
    case 'echo': {
      const echo: Echo = { method: req.method ?? '', path: url.pathname, raw: req.url ?? '', query: [...url.searchParams], headers: req.headers, body };
      return send(200, JSON.stringify(echo), 'application/json; charset=utf-8');
    }
    case 'status':
      return send(Number(arg), `status ${arg} body`);
    case 'flaky': {
      const fail = Number(url.searchParams.get('fail') ?? '2');
      const code = url.searchParams.get('code');
      if (count <= fail) return send(Number(url.searchParams.get('status') ?? '503'), code ? JSON.stringify({ error: { code } }) : 'try again', code ? 'application/json' : 'text/plain');
      return send(200, JSON.stringify({ attempts: count }), 'application/json');
    }
    case 'retry-after':
      if (count === 1) return send(429, 'slow down', 'text/plain', { 'retry-after': url.searchParams.get('after') ?? '0' });
      return send(200, JSON.stringify({ attempts: count }), 'application/json');
    case 'slow-first':
      if (count === 1) await new Promise((r) => setTimeout(r, Number(url.searchParams.get('ms') ?? '1000')));
      if (!res.destroyed) send(200, JSON.stringify({ attempts: count }), 'application/json');
      return;
    case 'delay':
      await new Promise((r) => setTimeout(r, Number(arg)));
      if (!res.destroyed) send(200, 'late');
      return;
    case 'text':
      return send(200, 'plain words');
    case 'json-as-text':
      return send(200, '{"from":"text/plain"}');
    case 'redirect':
      res.writeHead(Number(url.searchParams.get('status') ?? '302'), { location: url.searchParams.get('to') ?? '/echo' });
      return void res.end();
    case 'big': {
      // ?bytes=N of 'x'; chunked (no Content-Length) unless ?length=1
      const bytes = Number(url.searchParams.get('bytes') ?? '0');
      res.writeHead(200, { 'content-type': 'text/plain', ...(url.searchParams.get('length') === '1' ? { 'content-length': String(bytes) } : {}) });
      for (let sent = 0; sent < bytes && !res.destroyed; sent += 1024) res.write('x'.repeat(Math.min(1024, bytes - sent)));
      return void res.end();
    }
    case 'endless': {
      // 1 KB every millisecond until the client goes away
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('y'.repeat(1024)), 1);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'loop':
      res.writeHead(302, { location: '/loop' });
      return void res.end();
    default:
      return send(404, 'no such route');
  }
}
