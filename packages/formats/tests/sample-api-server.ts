import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface Received {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface SampleApiServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  readonly received: Received[];
  close(): Promise<void>;
}

type Handler = (r: Received) => { status?: number; json?: unknown };

/** The operations of the sample OpenAPI documents (tests/fixtures/agents-json), answered as those documents describe. */
const ROUTES: readonly [string, RegExp, Handler][] = [
  ['GET', /^\/location$/, (r) => ({ json: r.query.ip === '203.0.113.9' ? { latitude: 38.72, longitude: -9.14, city: 'Lisbon' } : { latitude: 47.37, longitude: 8.54, city: 'Zurich' } })],
  ['GET', /^\/v1\/current$/, (r) => ({ json: { temperature: Number(r.query.lat) > 40 ? 21.5 : 26, conditions: 'sunny', station: { id: 'st-1', name: 'Central' } } })],
  ['POST', /^\/orders$/, () => ({ status: 201, json: { orderId: 'ord-1', total: 42.5, data: { receiptUrl: 'https://r.example/1' }, estimatedDelivery: '2026-12-01' } })],
  ['POST', /^\/api\/charges\/[^/]+$/, () => ({ json: { status: 'charged', chargeId: 'ch-7781' } })],
  ['POST', /^\/(notes|touch)$/, () => ({ status: 204, json: undefined })],
  ['GET', /^\/orders\/[^/]+$/, (r) => ({ json: { orderId: decodeURIComponent(r.path.split('/')[2]!), status: 'shipped' } })],
];

/** A loopback HTTP server implementing the sample operations, recording every request. */
export async function startSampleApiServer(): Promise<SampleApiServer> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r: Received = { method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const route = ROUTES.find(([method, path]) => method === r.method && path.test(r.path));
      const answer = route ? route[2](r) : { status: 404, json: { error: `no route ${r.method} ${r.path}` } };
      if (answer.json === undefined) res.writeHead(answer.status ?? 204).end();
      else res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
