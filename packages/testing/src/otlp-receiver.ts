import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/** An attribute value of OTLP/JSON, decoded. */
export type OtlpValue = string | number | boolean | null | OtlpValue[] | { readonly [key: string]: OtlpValue };

/** A span as an OTLP/HTTP receiver got it, decoded from OTLP/JSON (ids as hex, times as nanosecond strings). */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** '' for a root. */
  readonly parentSpanId: string;
  readonly name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  readonly attributes: Readonly<Record<string, OtlpValue>>;
  readonly events: readonly { readonly name: string; readonly timeUnixNano: string; readonly attributes: Readonly<Record<string, OtlpValue>> }[];
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  readonly status: { readonly code: number; readonly message: string };
  readonly resource: Readonly<Record<string, OtlpValue>>;
  readonly scope: string;
}

/** A loopback OTLP/HTTP trace receiver for tests (a collector stand-in). */
export interface OtlpReceiver {
  /** `http://127.0.0.1:PORT/v1/traces`. */
  readonly url: string;
  /** Every span received, in arrival order. */
  readonly spans: ReceivedSpan[];
  /** Every request: path, content type and raw (decompressed) body text. */
  readonly requests: { readonly path: string; readonly contentType: string; readonly body: string }[];
  /** Answer the next requests with this HTTP status (default 200). */
  status: number;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** An OTLP/JSON AnyValue, decoded. */
function anyValue(v: Json | undefined): OtlpValue {
  if (!v) return null;
  if ('stringValue' in v) return String(v.stringValue);
  if ('boolValue' in v) return Boolean(v.boolValue);
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('arrayValue' in v) return ((v.arrayValue as Json).values as Json[] | undefined ?? []).map(anyValue);
  if ('kvlistValue' in v) return attributes((v.kvlistValue as Json).values as Json[] | undefined);
  if ('bytesValue' in v) return String(v.bytesValue);
  return null;
}

function attributes(list: Json[] | undefined): Record<string, OtlpValue> {
  return Object.fromEntries((list ?? []).map((a) => [String(a.key), anyValue(a.value as Json | undefined)]));
}

/** OTLP/JSON ids are hex; some encoders write base64 — both come back as hex. */
function hexId(id: unknown): string {
  const s = typeof id === 'string' ? id : '';
  return /^[0-9a-f]*$/i.test(s) ? s.toLowerCase() : Buffer.from(s, 'base64').toString('hex');
}

function decode(body: string): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  const request = JSON.parse(body) as { resourceSpans?: Json[] };
  for (const rs of request.resourceSpans ?? []) {
    const resource = attributes((rs.resource as Json | undefined)?.attributes as Json[] | undefined);
    for (const ss of (rs.scopeSpans as Json[] | undefined) ?? []) {
      const scope = String(((ss.scope as Json | undefined)?.name) ?? '');
      for (const s of (ss.spans as Json[] | undefined) ?? []) {
        const status = (s.status ?? {}) as Json;
        spans.push({
          traceId: hexId(s.traceId), spanId: hexId(s.spanId), parentSpanId: hexId(s.parentSpanId ?? ''), name: String(s.name), kind: Number(s.kind ?? 0),
          startTimeUnixNano: String(s.startTimeUnixNano), endTimeUnixNano: String(s.endTimeUnixNano),
          attributes: attributes(s.attributes as Json[] | undefined),
          events: ((s.events as Json[] | undefined) ?? []).map((e) => ({ name: String(e.name), timeUnixNano: String(e.timeUnixNano), attributes: attributes(e.attributes as Json[] | undefined) })),
          status: { code: Number(status.code ?? 0), message: String(status.message ?? '') },
          resource, scope,
        });
      }
    }
  }
  return spans;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  const encoding = String(req.headers['content-encoding'] ?? '');
  return (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw).toString('utf8');
}

/**
 * Start an OTLP/HTTP trace receiver on 127.0.0.1 (a free port): it takes
 * `POST /v1/traces` with the OTLP/JSON encoding (gzip or not), decodes the
 * spans and answers `{}` (or the `status` set). Protobuf bodies are refused
 * with 415, as a JSON-only collector would.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'][number][] = [];
  const receiver = { spans, requests, status: 200 } as { -readonly [K in keyof OtlpReceiver]: OtlpReceiver[K] };
  const server = createServer((req, res) => {
    void (async () => {
      const contentType = String(req.headers['content-type'] ?? '');
      const body = await bodyOf(req);
      requests.push({ path: req.url ?? '', contentType, body });
      if (req.method !== 'POST' || req.url !== '/v1/traces') return res.writeHead(404).end();
      if (!contentType.startsWith('application/json')) return res.writeHead(415).end();
      if (receiver.status !== 200) return res.writeHead(receiver.status, { 'content-type': 'application/json' }).end('{"code":13,"message":"refused by the test"}');
      spans.push(...decode(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })().catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${port}/v1/traces`;
  receiver.close = () => new Promise<void>((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });
  return receiver;
}
