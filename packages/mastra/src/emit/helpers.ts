// The small helpers an emitted module may need, each written once at the end
// of the module when used (stable order: the order of this table). They are
// plain TypeScript over Mastra and the platform: no @agentspec import.

export interface Helper {
  readonly code: string;
  /** Helpers it calls (names of this table). */
  readonly needs?: readonly string[];
  /** Imports by module (`type X` for a type-only import). */
  readonly imports?: Readonly<Record<string, readonly string[]>>;
}

const failure = `
/** An error with an Agent Spec error code (AS_TOOL_FAILED, AS_HTTP_STATUS, …), as @agentspec runtimes report them. */
function failure(code: string, message: string, cause?: unknown): Error & { code: string } {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
}`;

const show = `
/** How a value reads in a prompt or a URL: strings as they are, anything else as JSON. */
function show(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}`;

const render = `
/** \`{{ name }}\` placeholders replaced by values, in one pass (a value is never rendered again); nested strings and keys too. */
function render(template: unknown, values: Readonly<Record<string, unknown>>): unknown {
  if (typeof template === 'string') return template.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/g, (_m, name: string) => show(values[name]));
  if (Array.isArray(template)) return template.map((t) => render(t, values));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [render(k, values), render(v, values)]));
  }
  return template;
}`;

const coerce = `
type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * A value coerced to a JSON Schema type as Agent Spec does at every boundary: anything → string (JSON for
 * non-strings), integer ↔ number, boolean ↔ number, numeric strings → numbers; recursively. Never throws.
 */
function coerce(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema || value === undefined) return value;
  const types = schema.type === undefined ? [] : ([] as unknown[]).concat(schema.type);
  let v = value;
  if (types.length > 0 && !types.some((t) => isType(v, t))) {
    for (const t of types) {
      const c = toType(v, t);
      if (c !== undefined) {
        v = c;
        break;
      }
    }
  }
  if (Array.isArray(v) && typeof schema.items === 'object') return v.map((x) => coerce(x, schema.items as JsonSchema));
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && typeof schema.properties === 'object') {
    const props = schema.properties as Record<string, JsonSchema>;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Object.hasOwn(props, k) ? coerce(x, props[k]) : x]));
  }
  return v;
}

function isType(v: unknown, type: unknown): boolean {
  switch (type) {
    case 'string': return typeof v === 'string';
    case 'number': return typeof v === 'number';
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'boolean': return typeof v === 'boolean';
    case 'null': return v === null;
    case 'array': return Array.isArray(v);
    case 'object': return typeof v === 'object' && v !== null && !Array.isArray(v);
    default: return true;
  }
}

function toType(v: unknown, type: unknown): unknown {
  const numeric = typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));
  switch (type) {
    case 'string': return JSON.stringify(v);
    case 'number': return typeof v === 'boolean' ? Number(v) : numeric ? Number(v) : undefined;
    case 'integer': return typeof v === 'boolean' ? Number(v) : typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : numeric ? Math.trunc(Number(v)) : undefined;
    case 'boolean': return typeof v === 'number' ? v !== 0 : v === 'true' || v === 'false' ? v === 'true' : undefined;
    default: return undefined;
  }
}`;

const parameters = `
/**
 * Tool parameters for Mastra: the JSON Schema the LLM sees, and arguments coerced to it (\`"30"\` for a number
 * becomes 30), defaults filled in. Missing required arguments are left to the tool.
 */
function parameters(schema: JsonSchema): StandardSchemaWithJSON<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    '~standard': {
      version: 1,
      vendor: 'agentspec',
      validate: (value: unknown) => {
        const args = { ...(coerce(value ?? {}, schema) as Record<string, unknown>) };
        for (const [name, p] of Object.entries(properties)) if (args[name] === undefined && 'default' in p) args[name] = structuredClone(p.default);
        return { value: args };
      },
      jsonSchema: { input: () => structuredClone(schema), output: () => structuredClone(schema) },
    },
  };
}`;

const asIs = `
/** A schema Mastra shows as \`schema\` and that accepts any value as it is (the tool checks it). */
function asIs(schema: JsonSchema): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'agentspec',
      validate: (value: unknown) => ({ value: (value ?? {}) as Record<string, unknown> }),
      jsonSchema: { input: () => structuredClone(schema), output: () => structuredClone(schema) },
    },
  };
}`;

const runControl = `
/**
 * What a caller that drives the agent (such as \`mastraRuntime\` of @agentspec/mastra) may put in Mastra's
 * RequestContext under RUN: it is told of a failing tool (the run then ends, as Agent Spec says) and of the
 * submitted result. Without it, the agent behaves as any Mastra agent.
 */
interface RunControl {
  fatal?: Error;
  submitted?: Record<string, unknown>;
  readonly abort: AbortController;
}

/** The RunControl of a tool call, if its caller gave one. */
function runControl(context: { readonly requestContext?: { get(key: string): unknown } } | undefined): RunControl | undefined {
  return context?.requestContext?.get(RUN) as RunControl | undefined;
}`;

const runTool = `
/** Runs a tool; a failure ends the run when the caller follows it (else Mastra hands the error to the LLM). */
async function runTool(name: string, context: { readonly requestContext?: { get(key: string): unknown } } | undefined, call: () => unknown): Promise<unknown> {
  try {
    const result = await call();
    return result === undefined ? null : result;
  } catch (e) {
    const coded = typeof (e as { code?: unknown })?.code === 'string' && String((e as { code: string }).code).startsWith('AS_');
    const error = coded ? (e as Error) : failure('AS_TOOL_FAILED', \`tool '\${name}' threw: \${(e as Error)?.message ?? String(e)}\`, e);
    const run = runControl(context);
    if (!run) throw error;
    run.fatal ??= error;
    run.abort.abort(error);
    return \`error: \${error.message}\`;
  }
}`;

const model = `
/** Where an LLM is (an OpenAI-compatible endpoint) and how long a request may take. */
interface LlmEndpoint {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey?: string | undefined;
  readonly timeoutMs?: number | undefined;
  /** Request fields sent as they are (generation parameters the AI SDK has no name for). */
  readonly extraBody?: Record<string, unknown>;
}

/** An AI SDK chat model at an OpenAI-compatible endpoint (Mastra runs on AI SDK models), with a per-request timeout. */
function chatModel(endpoint: LlmEndpoint) {
  const timeoutMs = endpoint.timeoutMs ?? 60_000;
  const provider = createOpenAICompatible({
    name: 'agentspec',
    baseURL: endpoint.baseURL.replace(/\\/+$/, '').replace(/(\\/v1)?$/, '/v1'),
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    supportsStructuredOutputs: true,
    ...(endpoint.extraBody ? { transformRequestBody: (body: Record<string, unknown>) => ({ ...body, ...endpoint.extraBody }) } : {}),
    fetch: async (input, init) => {
      // the timer runs until the response body has been read, streamed or not
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new DOMException(\`no answer within \${timeoutMs} ms\`, 'TimeoutError')), timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
      try {
        const response = await fetch(input, { ...init, signal });
        if (!response.body) {
          clearTimeout(timer);
          return response;
        }
        const body = response.body.pipeThrough(new TransformStream({ flush: () => clearTimeout(timer) }));
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      } catch (e) {
        clearTimeout(timer);
        throw e;
      }
    },
  });
  // the provider's model type comes from its own copy of @ai-sdk/provider; Mastra runs it as it is
  return provider.chatModel(endpoint.model) as unknown as MastraModelConfig;
}`;

const http = `
/** An HTTP call of a RemoteTool, rendered from its arguments. */
interface HttpRequest {
  readonly method: string;
  readonly url: string;
  /** The URL's host comes from an argument: only hosts in \`network.allow\` may be reached (SSRF guard), and no redirect is followed. */
  readonly templatedHost: boolean;
  readonly headers?: Record<string, unknown>;
  readonly query?: Record<string, unknown>;
  readonly data?: unknown;
}

/**
 * Makes the call (retried on network errors, 429 and 5xx): the query appended, an object \`data\` sent as JSON (or as a form for a form content type), a
 * string \`data\` as the raw body. The body of a 2xx answer is parsed JSON (else text); others fail (AS_HTTP_STATUS).
 */
async function httpCall(request: HttpRequest, allow: readonly string[], http: { readonly timeoutMs?: number; readonly retries?: number }, signal?: AbortSignal): Promise<unknown> {
  const timeoutMs = http.timeoutMs ?? 30_000;
  const retries = http.retries ?? 2;
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw failure('AS_HTTP_REFUSED', \`the URL scheme '\${url.protocol}' is not allowed\`);
  const hostPort = \`\${url.hostname}:\${url.port || (url.protocol === 'https:' ? '443' : '80')}\`;
  if (request.templatedHost && !allow.map((a) => a.trim().toLowerCase()).some((a) => a === url.hostname || a === hostPort)) {
    throw failure('AS_HTTP_REFUSED', \`the host '\${url.hostname}' comes from an input value and is not in network.allow\`);
  }
  for (const [k, v] of Object.entries(request.query ?? {})) for (const item of ([] as unknown[]).concat(v)) if (item != null) url.searchParams.append(k, show(item));
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([, v]) => v != null).map(([k, v]) => [k.trim().toLowerCase(), show(v)]));
  let body: string | undefined;
  const data = request.data;
  const noBody = request.method === 'GET' || request.method === 'HEAD' || data == null
    || (typeof data === 'object' && Object.keys(data).length === 0 && !['POST', 'PUT', 'PATCH'].includes(request.method));
  if (!noBody) {
    if (typeof data === 'string') body = data;
    else if (typeof data === 'object' && headers['content-type']?.split(';')[0]?.trim() === 'application/x-www-form-urlencoded') {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(data as object)) for (const item of ([] as unknown[]).concat(v)) if (item != null) form.append(k, show(item));
      body = form.toString();
    } else {
      body = JSON.stringify(data);
      headers['content-type'] ??= 'application/json';
    }
  }
  // network errors, 429 and 5xx are retried (100 ms, then doubling); a timed-out attempt is not
  let response: Response | undefined;
  let text = '';
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(url, { method: request.method, headers, body: body ?? null, redirect: request.templatedHost ? 'error' : 'follow', signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs) });
      text = await response.text();
      if (response.ok || (response.status !== 429 && response.status < 500) || attempt >= retries) break;
    } catch (e) {
      if (signal?.aborted) throw failure('AS_CANCELLED', 'the run was cancelled', e);
      if ((e as Error).name === 'TimeoutError') throw failure('AS_HTTP_TIMEOUT', \`\${request.method} \${url.origin}\${url.pathname} did not answer within \${timeoutMs} ms\`, e);
      if (attempt >= retries) throw failure('AS_HTTP_STATUS', \`\${request.method} \${url.origin}\${url.pathname} could not be reached: \${(e as Error).message}\`, e);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
  }
  if (!response.ok) throw failure('AS_HTTP_STATUS', \`\${request.method} \${url.origin}\${url.pathname} answered HTTP \${response.status}: \${text.slice(0, 200)}\`);
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  const trimmed = text.trim();
  if (!(type === 'application/json' || type.endsWith('+json') || trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}`;

const mcp = `
/** How to reach an MCP server. */
type McpServer =
  | { readonly kind: 'http' | 'sse'; readonly url: string; readonly headers?: Record<string, string> }
  | { readonly kind: 'stdio'; readonly command: string; readonly args?: readonly string[]; readonly env?: Record<string, string>; readonly cwd?: string };

/** MCP clients (the official SDK), one per server, opened on first use and closed by \`close()\`. */
class McpClients {
  private readonly clients = new Map<string, Promise<Client>>();

  constructor(private readonly allowStdio: readonly string[]) {}

  /** Calls \`name\` on \`server\`: the text for a single string output (verbatim), else parsed JSON. */
  async call(server: McpServer, name: string, args: Record<string, unknown>, text: boolean): Promise<unknown> {
    const client = await this.client(server);
    const result = await client.callTool({ name, arguments: args });
    const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
    const joined = content.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text).join('\\n');
    if (result.isError === true) throw failure('AS_TOOL_FAILED', \`the MCP tool reported an error: \${joined || '(no text)'}\`);
    if (text) return joined;
    if (result.structuredContent !== undefined) return result.structuredContent;
    try {
      return JSON.parse(joined) as unknown;
    } catch {
      throw failure('AS_TOOL_RESULT_SHAPE', \`the MCP tool '\${name}' did not answer JSON: \${joined.slice(0, 200)}\`);
    }
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.allSettled(clients.map(async (c) => (await c).close()));
  }

  private client(server: McpServer): Promise<Client> {
    const id = JSON.stringify(server);
    let client = this.clients.get(id);
    if (!client) {
      client = this.connect(server);
      this.clients.set(id, client);
      client.catch(() => this.clients.delete(id));
    }
    return client;
  }

  private async connect(server: McpServer): Promise<Client> {
    const client = new Client({ name: 'agentspec-compiled', version: '1.0.0' });
    if (server.kind === 'stdio') {
      if (!this.allowStdio.includes(server.command)) throw failure('AS_HTTP_REFUSED', \`the MCP stdio command '\${server.command}' is not in network.allowStdio\`);
      await client.connect(new StdioClientTransport({ command: server.command, args: [...(server.args ?? [])], ...(server.env ? { env: server.env } : {}), ...(server.cwd ? { cwd: server.cwd } : {}) }));
    } else if (server.kind === 'sse') {
      await client.connect(new SSEClientTransport(new URL(server.url), { requestInit: { headers: server.headers ?? {} } }));
    } else {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers ?? {} } }));
    }
    return client;
  }
}`;

const submission = `
/** An output of the agent, as submit_result checks it. */
interface OutputRule {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  /** The JSON types a value may have (Agent Spec casts the others away). */
  readonly accepts: readonly string[];
  /** The type in words, for the LLM. */
  readonly expected: string;
}

/** What submit_result answers a valid call with. */
const SUBMITTED = 'Result submitted.';

/**
 * The submit_result tool (Agent Spec): its parameters are the agent's outputs; a valid call ends the run (the agent's
 * \`stopWhen\`: resultSubmitted) and records them for a caller that follows the run, an invalid one tells the LLM what
 * is wrong so that it calls again.
 */
function submitResult(outputs: readonly OutputRule[], schema: JsonSchema) {
  return createTool({
    id: 'submit_result',
    description: 'Call this once you have the final result, with every output filled in. It ends your task.',
    inputSchema: asIs(schema),
    execute: async (args, context) => {
      const problems: string[] = [];
      for (const o of outputs) {
        if (!Object.hasOwn(args, o.name)) {
          if (o.required) problems.push(\`'\${o.name}' is missing\`);
          continue;
        }
        const v = args[o.name];
        const type = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
        if (!o.accepts.includes(type)) problems.push(\`'\${o.name}' should be \${o.expected}\`);
      }
      for (const k of Object.keys(args)) if (!outputs.some((o) => o.name === k)) problems.push(\`'\${k}' is not an output\`);
      if (problems.length > 0) return \`invalid submission: \${problems.join('; ')}. Call submit_result again with corrected arguments.\`;
      const run = runControl(context);
      if (run) run.submitted ??= Object.fromEntries(outputs.filter((o) => args[o.name] !== undefined).map((o) => [o.name, coerce(args[o.name], o.schema)]));
      return SUBMITTED;
    },
  });
}

/**
 * The agent's stop condition (Mastra's \`stopWhen\`, with \`maxSteps\` the other stop): its last step had a
 * submit_result call that the tool accepted. The submitted outputs are that call's arguments (\`toolResults\` of the
 * result of \`agent.generate\`).
 */
function resultSubmitted({ steps }: { readonly steps: readonly { readonly toolResults?: readonly unknown[] }[] }): boolean {
  const results = (steps[steps.length - 1]?.toolResults ?? []) as readonly { readonly toolName?: string; readonly output?: unknown }[];
  // Mastra gives a step's results as model message parts: { type: 'text', value }
  return results.some((r) => r.toolName === 'submit_result' && (r.output as { value?: unknown } | undefined)?.value === SUBMITTED);
}`;

export const HELPERS = {
  failure: { code: failure },
  show: { code: show },
  render: { code: render, needs: ['show'] },
  coerce: { code: coerce },
  parameters: { code: parameters, needs: ['coerce'], imports: { '@mastra/core/schema': ['type StandardSchemaWithJSON'] } },
  asIs: { code: asIs, needs: ['coerce'], imports: { '@mastra/core/schema': ['type StandardSchemaWithJSON'] } },
  runControl: { code: runControl },
  runTool: { code: runTool, needs: ['failure', 'runControl'] },
  chatModel: { code: model, imports: { '@ai-sdk/openai-compatible': ['createOpenAICompatible'], '@mastra/core/llm': ['type MastraModelConfig'] } },
  httpCall: { code: http, needs: ['failure', 'show'] },
  mcp: {
    code: mcp,
    needs: ['failure'],
    imports: {
      '@modelcontextprotocol/sdk/client/index.js': ['Client'],
      '@modelcontextprotocol/sdk/client/sse.js': ['SSEClientTransport'],
      '@modelcontextprotocol/sdk/client/stdio.js': ['StdioClientTransport'],
      '@modelcontextprotocol/sdk/client/streamableHttp.js': ['StreamableHTTPClientTransport'],
    },
  },
  submitResult: { code: submission, needs: ['asIs', 'coerce', 'runControl'], imports: { '@mastra/core/tools': ['createTool'] } },
} satisfies Record<string, Helper>;

export type HelperName = keyof typeof HELPERS;
