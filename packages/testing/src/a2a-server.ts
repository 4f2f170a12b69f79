import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { formatSSEErrorEvent, formatSSEEvent, Role, SSE_HEADERS, TaskState, type AgentCard, type Message, type Part, type Task } from '@a2a-js/sdk';
import {
  AgentEvent, defaultServerCallContextBuilder, DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, UnauthenticatedUser,
  type AgentExecutor, type ExecutionEventBus, type RequestContext,
} from '@a2a-js/sdk/server';

/** A condition on the text of the message the A2A server received (its text parts joined by newlines). */
export type A2aTextCondition = string | { readonly contains: string };

/** What the scripted A2A agent answers. */
export type A2aReply =
  /** A direct Message (no task). */
  | { readonly message: string }
  /**
   * A task ending in `state` with `text`: for `completed` an artifact (in
   * `chunks` when given, each streamed as an artifact update appended to the
   * previous), plus `data` as a data part of it when given; for the other
   * states the text is the status message. `workingMs`: the task stays
   * `working` that long first (a client polls it, or waits on the stream).
   */
  | {
    readonly task: 'completed' | 'input-required' | 'failed' | 'rejected' | 'canceled' | 'auth-required';
    readonly text: string;
    readonly chunks?: readonly string[];
    readonly data?: Readonly<Record<string, unknown>>;
    readonly workingMs?: number;
  }
  /** The agent's executor throws this message (the server answers with a JSON-RPC error or a failed task). */
  | { readonly throws: string };

export interface A2aRule {
  readonly name?: string;
  /** Conditions (all must hold); none: every message. */
  readonly match?: {
    readonly text?: A2aTextCondition;
    /** The message continues a task (it carries a task id). */
    readonly continuesTask?: boolean;
    /** The message has a data part with these entries (equal as JSON; other entries may be there too). */
    readonly data?: Readonly<Record<string, unknown>>;
  };
  /** The rule stops matching after this many uses. */
  readonly times?: number;
  readonly reply: A2aReply;
}

export interface ScriptedA2aOptions {
  readonly rules: readonly A2aRule[];
  /** The agent card's name (default `Scripted A2A agent`). */
  readonly name?: string;
  /** Whether the card offers streaming (default true). */
  readonly streaming?: boolean;
  /** Headers every JSON-RPC request must carry with these values, else HTTP 401. */
  readonly requiredHeaders?: Readonly<Record<string, string>>;
  /** The URL the card names as the JSON-RPC endpoint (default this server's). */
  readonly interfaceUrl?: string;
  /** Serve over https with this certificate (and require a client certificate signed by `ca` when `requestCert`). */
  readonly tls?: { readonly key: Buffer | string; readonly cert: Buffer | string; readonly ca?: Buffer | string; readonly requestCert?: boolean };
  readonly host?: string;
  readonly port?: number;
}

/** One message the scripted A2A agent received. */
export interface A2aRequest {
  /** `SendMessage` or `SendStreamingMessage`, or another JSON-RPC method (`GetTask`, …). */
  readonly method: string;
  readonly text?: string;
  /** The message's first data part, if it has one. */
  readonly data?: Readonly<Record<string, unknown>>;
  readonly contextId?: string;
  readonly taskId?: string;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface ScriptedA2a {
  /** Base URL, e.g. `http://127.0.0.1:50123` (its agent card at `/.well-known/agent-card.json`, JSON-RPC at `/`). */
  readonly url: string;
  /** Every JSON-RPC request received, in order, and every agent card request as method `agent-card`. */
  readonly requests: readonly A2aRequest[];
  clear(): void;
  close(): Promise<void>;
}

const textPart = (text: string): Part => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const dataPart = (data: Readonly<Record<string, unknown>>): Part => ({ content: { $case: 'data', value: data }, metadata: undefined, filename: '', mediaType: 'application/json' });

function agentMessage(text: string, contextId: string, taskId: string): Message {
  return { messageId: randomUUID(), contextId, taskId, role: Role.ROLE_AGENT, parts: [textPart(text)], metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** The text of a message: its text parts joined by newlines. */
export function a2aMessageText(message: Message | undefined): string {
  return (message?.parts ?? []).flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : [])).join('\n');
}

const STATES = {
  'completed': TaskState.TASK_STATE_COMPLETED,
  'input-required': TaskState.TASK_STATE_INPUT_REQUIRED,
  'failed': TaskState.TASK_STATE_FAILED,
  'rejected': TaskState.TASK_STATE_REJECTED,
  'canceled': TaskState.TASK_STATE_CANCELED,
  'auth-required': TaskState.TASK_STATE_AUTH_REQUIRED,
} as const;

/** The first data part of a message, if it has one. */
export function a2aMessageData(message: Message | undefined): Readonly<Record<string, unknown>> | undefined {
  for (const p of message?.parts ?? []) if (p.content?.$case === 'data' && typeof p.content.value === 'object' && p.content.value !== null) return p.content.value as Record<string, unknown>;
  return undefined;
}

function matches(rule: A2aRule, text: string, continues: boolean, data: Readonly<Record<string, unknown>> | undefined): boolean {
  const m = rule.match;
  if (!m) return true;
  if (m.continuesTask !== undefined && m.continuesTask !== continues) return false;
  if (m.data && !Object.entries(m.data).every(([k, v]) => data !== undefined && Object.hasOwn(data, k) && JSON.stringify(data[k]) === JSON.stringify(v))) return false;
  if (m.text === undefined) return true;
  return typeof m.text === 'string' ? m.text === text : text.includes(m.text.contains);
}

/**
 * A scripted A2A agent (A2A v1.0, JSON-RPC binding) on loopback, built with
 * `@a2a-js/sdk`'s server (`DefaultRequestHandler`, `InMemoryTaskStore`,
 * `JsonRpcTransportHandler`): the first rule matching a received message
 * gives the reply — a direct message, or a task that completes (its artifact
 * streamed in chunks), asks for input (the next message continues it), fails,
 * is rejected or canceled, or stays working for a while (a rule may match on
 * the message's data part). Every request is recorded with its headers and
 * data part. No rule matching is a failed task saying so.
 */
export async function startScriptedA2a(options: ScriptedA2aOptions): Promise<ScriptedA2a> {
  const requests: A2aRequest[] = [];
  const used = new Map<number, number>();
  const pick = (text: string, continues: boolean, data: Readonly<Record<string, unknown>> | undefined): A2aReply => {
    for (const [i, rule] of options.rules.entries()) {
      if ((rule.times !== undefined && (used.get(i) ?? 0) >= rule.times) || !matches(rule, text, continues, data)) continue;
      used.set(i, (used.get(i) ?? 0) + 1);
      return rule.reply;
    }
    return { task: 'failed', text: `no scripted rule matched the message ${JSON.stringify(text)}` };
  };
  const executor: AgentExecutor = {
    async execute(ctx: RequestContext, bus: ExecutionEventBus) {
      const text = a2aMessageText(ctx.userMessage);
      const reply = pick(text, ctx.task !== undefined, a2aMessageData(ctx.userMessage));
      const { taskId, contextId } = ctx;
      if ('throws' in reply) throw new Error(reply.throws);
      if ('message' in reply) {
        bus.publish(AgentEvent.message(agentMessage(reply.message, contextId, '')));
        bus.finished();
        return;
      }
      const status = (state: TaskState, message?: string) => AgentEvent.statusUpdate({
        taskId, contextId, metadata: undefined,
        status: { state, message: message === undefined ? undefined : agentMessage(message, contextId, taskId), timestamp: new Date().toISOString() },
      });
      // a stream starts with the task: a new one, or the one this message continues
      bus.publish(AgentEvent.task(ctx.task ?? {
        id: taskId, contextId, artifacts: [], history: [ctx.userMessage], metadata: undefined,
        status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
      } satisfies Task));
      bus.publish(status(TaskState.TASK_STATE_WORKING));
      if (reply.workingMs) await new Promise((resolve) => setTimeout(resolve, reply.workingMs));
      if (reply.task === 'completed') {
        const artifactId = randomUUID();
        const chunks = reply.chunks ?? [reply.text];
        for (const [i, chunk] of chunks.entries()) {
          const parts = [textPart(chunk), ...(i === chunks.length - 1 && reply.data ? [dataPart(reply.data)] : [])];
          bus.publish(AgentEvent.artifactUpdate({
            taskId, contextId, metadata: undefined, append: i > 0, lastChunk: i === chunks.length - 1,
            artifact: { artifactId, name: 'answer', description: '', parts, metadata: undefined, extensions: [] },
          }));
        }
        bus.publish(status(TaskState.TASK_STATE_COMPLETED));
      } else {
        bus.publish(status(STATES[reply.task], reply.text));
      }
      bus.finished();
    },
    async cancelTask(taskId: string, bus: ExecutionEventBus) {
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId: '', metadata: undefined, status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() } }));
      bus.finished();
    },
  };
  let base = '';
  const card = (): AgentCard => ({
    name: options.name ?? 'Scripted A2A agent',
    description: 'A scripted A2A agent for tests',
    supportedInterfaces: [{ url: options.interfaceUrl ?? `${base}/`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: options.streaming ?? true, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: [],
    signatures: [],
  } as unknown as AgentCard);
  // made once the server listens: the card names its URL
  const made: { transport?: JsonRpcTransportHandler } = {};
  const headersOf = (req: IncomingMessage): Record<string, string> =>
    Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers = headersOf(req);
    if (req.method === 'GET' && req.url === '/.well-known/agent-card.json') {
      requests.push({ method: 'agent-card', headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(card()));
      return;
    }
    if (req.method !== 'POST') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { method?: string; params?: { message?: { parts?: unknown[]; contextId?: string; taskId?: string } } };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"not JSON"}');
    }
    const message = body.params?.message;
    const text = message ? (message.parts ?? []).flatMap((p) => (typeof (p as { text?: unknown }).text === 'string' ? [(p as { text: string }).text] : [])).join('\n') : undefined;
    const data = (message?.parts ?? []).map((p) => (p as { data?: unknown }).data).find((d): d is Record<string, unknown> => typeof d === 'object' && d !== null);
    requests.push({
      method: String(body.method), headers,
      ...(text !== undefined ? { text } : {}), ...(data ? { data } : {}), ...(message?.contextId ? { contextId: message.contextId } : {}), ...(message?.taskId ? { taskId: message.taskId } : {}),
    });
    for (const [name, value] of Object.entries(options.requiredHeaders ?? {})) {
      if (headers[name.toLowerCase()] !== value) return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `missing or wrong ${name}` }));
    }
    const context = defaultServerCallContextBuilder({ extensions: [], user: new UnauthenticatedUser(), headers: req.headers, requestedVersion: headers['a2a-version'] ?? '1.0' } as never);
    const answer = await (made.transport as JsonRpcTransportHandler).handle(body as Record<string, unknown>, context);
    if (typeof (answer as AsyncGenerator)[Symbol.asyncIterator] !== 'function') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      return;
    }
    res.writeHead(200, SSE_HEADERS);
    try {
      for await (const event of answer as AsyncGenerator) res.write(formatSSEEvent(event));
    } catch (e) {
      res.write(formatSSEErrorEvent({ jsonrpc: '2.0', id: (body as { id?: unknown }).id ?? null, error: JsonRpcTransportHandler.mapToJSONRPCError(e) }));
    }
    res.end();
  };
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    serve(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: (e as Error).message }));
    });
  };
  const tls = options.tls;
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert, ...(tls.ca ? { ca: tls.ca } : {}), ...(tls.requestCert ? { requestCert: true, rejectUnauthorized: true } : {}) }, listener)
    : createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  base = `${tls ? 'https' : 'http'}://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  made.transport = new JsonRpcTransportHandler(new DefaultRequestHandler(card(), new InMemoryTaskStore(), executor));
  return {
    url: base,
    requests,
    clear: () => void (requests.length = 0),
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
