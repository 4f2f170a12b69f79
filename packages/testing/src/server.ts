import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestError, openAiError } from './errors.js';
import { newId } from './ids.js';
import { findRule } from './match.js';
import type { NormalizedRequest } from './normalize.js';
import { normalizeChatRequest } from './normalize-chat.js';
import { normalizeResponsesRequest } from './normalize-responses.js';
import { parseAnswer, parseRules } from './parse-rules.js';
import { pickAnswer, planReply } from './plan-reply.js';
import { readBody, sendCompletion, sendJson } from './respond.js';
import { ResponseStore } from './response-store.js';
import { DEFAULT_ANSWER, ruleLabel } from './rules.js';
import type { Answer, Rule, ScriptedLlmConfig } from './rules.js';
import { modelList } from './models.js';
import { noMatchMessage } from './no-match-message.js';

/** A request as the server received it, for assertions. */
export interface RecordedRequest extends NormalizedRequest {
  /** 0-based position among the requests recorded since the last `clear()`. */
  readonly index: number;
  /** The URL path, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body, as sent. */
  readonly body: unknown;
  /** The rule that answered (`null`: none matched, the default answer or the strict error was sent). */
  readonly rule: { readonly index: number; readonly name?: string } | null;
}

export interface ScriptedLlmOptions extends ScriptedLlmConfig {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Called with each recorded request, before it is answered. */
  readonly onRequest?: (request: RecordedRequest) => void;
}

export interface ScriptedLlm {
  /** Base URL ending in `/v1`, e.g. `http://127.0.0.1:50123/v1` (what OpenAI clients call `baseURL`). */
  readonly url: string;
  readonly port: number;
  /** Every request recorded since start or the last `clear()`, oldest first. */
  readonly requests: readonly RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  /** Replaces the rules and resets their use counts. */
  setRules(rules: readonly Rule[]): void;
  /** Forgets the recorded requests. */
  clear(): void;
  /** Stops listening and ends open connections (streams included). */
  close(): Promise<void>;
}

/** Starts the scripted LLM server on loopback; resolves once it listens. */
export async function startScriptedLlm(input: readonly Rule[] | ScriptedLlmOptions): Promise<ScriptedLlm> {
  const options: ScriptedLlmOptions = Array.isArray(input) ? { rules: input } : (input as ScriptedLlmOptions);
  let rules: readonly Rule[] = parseRules(options.rules);
  let uses: number[] = rules.map(() => 0);
  const defaultAnswer: Answer = options.defaultAnswer === undefined ? DEFAULT_ANSWER : parseAnswer(options.defaultAnswer, 'defaultAnswer');
  let defaultUses = 0;
  const requests: RecordedRequest[] = [];
  const timers = new Set<() => void>();
  const store = new ResponseStore();
  let closing = false;

  /** Resolves `true` after `ms`, or `false` as soon as the client leaves or the server closes. */
  const wait = (ms: number, res: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve(!closing);
      const finish = (ok: boolean): void => {
        clearTimeout(timer);
        timers.delete(cancel);
        res.off('close', cancel);
        resolve(ok);
      };
      const cancel = (): void => finish(false);
      const timer = setTimeout(() => finish(true), ms);
      timers.add(cancel);
      res.on('close', cancel);
    });

  async function answer(req: IncomingMessage, res: ServerResponse, path: string, normalize: (b: unknown) => NormalizedRequest): Promise<void> {
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new RequestError(400, 'We could not parse the JSON body of your request: it is not valid JSON.', { code: 'invalid_json' });
    }
    const request = normalize(body);
    const index = findRule(rules, request, uses);
    const rule = rules[index];
    const useIndex = uses[index] ?? 0;
    if (rule !== undefined) uses[index] = useIndex + 1;
    const recorded: RecordedRequest = {
      ...request,
      index: requests.length,
      path,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
      body,
      rule: rule === undefined ? null : { index, ...(rule.name === undefined ? {} : { name: rule.name }) },
    };
    requests.push(recorded);
    options.onRequest?.(recorded);
    if (rule === undefined && options.strict === true) {
      throw new RequestError(400, noMatchMessage(recorded), { code: 'no_rule_matched' });
    }
    const chosen = rule === undefined ? pickAnswer(defaultAnswer, defaultUses++) : pickAnswer(rule.answer, useIndex);
    const reply = planReply(chosen, request, rule === undefined ? 'defaultAnswer' : ruleLabel(rule, index));
    if (!(await wait(reply.delayMs, res))) return;
    if (reply.kind === 'error') return sendJson(res, reply.status, reply.body, reply.headers);
    const obj = body as Readonly<Record<string, unknown>>;
    const response = sendCompletion(res, reply, request, obj);
    if (response !== undefined) store.remember(obj, request, response);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/u, '');
    const method = req.method ?? 'GET';
    const post = (normalize: (b: unknown) => NormalizedRequest): Promise<void> => answer(req, res, path, normalize);
    const endpoints: Record<string, [string, () => Promise<void> | void]> = {
      '/v1/chat/completions': ['POST', () => post(normalizeChatRequest)],
      '/v1/responses': ['POST', () => post((b) => normalizeResponsesRequest(b, store))],
      '/v1/models': ['GET', () => sendJson(res, 200, { object: 'list', data: modelList(rules) })],
    };
    const modelId = /^\/v1\/models\/(.+)$/u.exec(path)?.[1];
    if (modelId !== undefined && method === 'GET') {
      const model = modelList(rules).find((m) => m.id === decodeURIComponent(modelId));
      if (model !== undefined) return sendJson(res, 200, model);
      throw new RequestError(404, `The model '${decodeURIComponent(modelId)}' does not exist.`, { code: 'model_not_found' });
    }
    const endpoint = endpoints[path];
    if (endpoint === undefined) throw new RequestError(404, `Unknown request URL: ${method} ${path}.`, { code: 'unknown_url' });
    if (endpoint[0] !== method) {
      throw new RequestError(405, `${method} is not allowed on ${path}; use ${endpoint[0]}.`, { code: 'method_not_allowed' });
    }
    await endpoint[1]();
  }

  const server = createServer((req, res) => {
    res.setHeader('x-request-id', newId('req_', 32));
    route(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return void res.destroy();
      if (error instanceof RequestError) return sendJson(res, error.status, error.toBody());
      const message = `Scripted LLM internal error: ${error instanceof Error ? error.message : String(error)}`;
      sendJson(res, 500, openAiError(message, 'server_error', 'internal_error'), { 'x-should-retry': 'false' });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}/v1`,
    port: address.port,
    get requests() {
      return requests;
    },
    lastRequest: () => requests.at(-1),
    setRules(next) {
      rules = parseRules(next);
      uses = rules.map(() => 0);
    },
    clear() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const cancel of [...timers]) cancel();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
