// The small helpers an emitted module may need, each written once at the end
// of the module when used (stable order: the order of this table). They are
// plain TypeScript over Mastra and the platform: no @agentspec import. Those
// every emitter needs are shared: EMIT_SNIPPETS of @agentspec/runtime.
import { EMIT_SNIPPETS, type SnippetName } from '@agentspec/runtime';
import { ModuleWriter, type ModuleHelpers } from '@agentspec/runtime/emit';
import type { MastraWarning } from '../warnings.js';

const failure = `
/** An error with an Agent Spec error code (AS_TOOL_FAILED, AS_HTTP_STATUS, …), as @agentspec runtimes report them. */
function failure(code: string, message: string, cause?: unknown): Error & { code: string } {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
}`;

const jsonSchema = `
/** A JSON Schema, as tool parameters and outputs are declared. */
type JsonSchema = Readonly<Record<string, unknown>>;`;

const parameters = `
/**
 * Tool parameters for Mastra: the JSON Schema the LLM sees, and arguments coerced to it (\`"30"\` for a number
 * becomes 30), defaults filled in. Missing required arguments are left to the tool.
 */
function parameters(schema: JsonSchema): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'agentspec',
      validate: (value: unknown) => ({ value: coerceArgs(value, schema) }),
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
/** Where an LLM is (an OpenAI-compatible endpoint, from llmEndpoint), how long an attempt may take, how requests are retried. */
interface LlmEndpoint extends ResolvedLlm, LlmRetryOptions {
  readonly timeoutMs?: number | undefined;
  /** Request fields sent as they are (generation parameters the AI SDK has no name for). */
  readonly extraBody?: Record<string, unknown>;
  /** The fetch of each attempt (it must not retry itself). */
  readonly fetch?: typeof fetch | undefined;
}

/** The fetch of a model: its requests retried by llmFetch (Mastra's own retries are off), each attempt with a timeout until its body has been read. */
function timedFetch(endpoint: LlmEndpoint): typeof fetch {
  const timeoutMs = endpoint.timeoutMs ?? 60_000;
  return llmFetch(endpoint, async (input, init) => {
    // the timer runs until the response body has been read, streamed or not
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new DOMException(\`no answer within \${timeoutMs} ms\`, 'TimeoutError')), timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
    try {
      const response = await (endpoint.fetch ?? fetch)(input, { ...init, signal });
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
  });
}

`;

const chat = `
/** An AI SDK chat model at an OpenAI-compatible endpoint (Mastra runs on AI SDK models). */
function chatModel(endpoint: LlmEndpoint) {
  const provider = createOpenAICompatible({
    name: 'agentspec',
    baseURL: endpoint.baseURL.replace(/\\/+$/, '').replace(/(\\/v1)?$/, '/v1'),
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    supportsStructuredOutputs: true,
    ...(endpoint.extraBody ? { transformRequestBody: (body: Record<string, unknown>) => ({ ...body, ...endpoint.extraBody }) } : {}),
    fetch: timedFetch(endpoint),
  });
  // the provider's model type comes from its own copy of @ai-sdk/provider; Mastra runs it as it is
  return provider.chatModel(endpoint.model) as unknown as MastraModelConfig;
}`;

const responses = `
/** The Responses model of OpenAI's AI SDK provider at an endpoint (api_type: responses); extra fields go into each request body. */
function responsesModel(endpoint: LlmEndpoint) {
  const send = timedFetch(endpoint);
  const provider = createOpenAI({
    baseURL: endpoint.baseURL.replace(/\\/+$/, '').replace(/(\\/v1)?$/, '/v1'),
    // an OpenAI-compatible server takes any key
    apiKey: endpoint.apiKey ?? 'not-needed',
    fetch: !endpoint.extraBody ? send : (input, init) => {
      if (typeof init?.body !== 'string') return send(input, init);
      const body = { ...endpoint.extraBody, ...(JSON.parse(init.body) as Record<string, unknown>) };
      return send(input, { ...init, body: JSON.stringify(body) });
    },
  });
  return provider.responses(endpoint.model) as unknown as MastraModelConfig;
}`;

const mcp = `
/** How to reach an MCP server. */
type McpServer =
  | { readonly kind: 'http' | 'sse'; readonly url: string; readonly headers?: Record<string, string> }
  | { readonly kind: 'stdio'; readonly command: string; readonly args?: readonly string[]; readonly env?: Record<string, string>; readonly cwd?: string };

/**
 * MCP clients (the official SDK), one per server, opened on first use (again after a failure or a drop) and closed by
 * \`close()\`; each call made by mcpRequest (the runtime's retries and error codes). A stdio server starts only when
 * \`checkStdio\` does not throw (the module's network.allowStdio policy).
 */
class McpClients {
  private readonly clients = new Map<string, Promise<Client>>();

  constructor(private readonly checkStdio: (server: Extract<McpServer, { kind: 'stdio' }>) => void) {}

  /** Calls \`request.tool\` on \`server\`: the text for a single string output (verbatim), else parsed JSON. */
  async call(request: McpRequest, server: McpServer, args: Record<string, unknown>, text: boolean): Promise<unknown> {
    const name = request.tool;
    const result = await mcpRequest(request, this.link(server), (client, signal) => client.callTool({ name, arguments: args }, undefined, { signal }));
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

  /** The connection of \`server\` for mcpRequest. */
  private link(server: McpServer): McpLink<Client> {
    const id = JSON.stringify(server);
    return {
      open: () => {
        let client = this.clients.get(id);
        if (!client) {
          const opening = this.connect(server);
          opening.catch(() => this.clients.get(id) === opening && this.clients.delete(id));
          this.clients.set(id, (client = opening));
        }
        return client;
      },
      drop: async (client) => {
        const current = this.clients.get(id);
        if (current && (await current.catch(() => undefined)) === client) this.clients.delete(id);
        await client.close();
      },
    };
  }

  private async connect(server: McpServer): Promise<Client> {
    const client = new Client({ name: 'agentspec-compiled', version: '1.0.0' });
    if (server.kind === 'stdio') {
      this.checkStdio(server);
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
/** An output of the agent, as submit_result checks it (OutputRule) and coerces it (its schema). */
interface OutputSchemaRule extends OutputRule {
  readonly schema: JsonSchema;
}

/** What submit_result answers a valid call with. */
const SUBMITTED = 'Result submitted.';

/**
 * The submit_result tool (Agent Spec): its parameters are the agent's outputs; a valid call ends the run (the agent's
 * \`stopWhen\`: resultSubmitted) and records them for a caller that follows the run, an invalid one tells the LLM what
 * is wrong so that it calls again.
 */
function submitResult(outputs: readonly OutputSchemaRule[], schema: JsonSchema) {
  return createTool({
    id: 'submit_result',
    description: 'Call this once you have the final result, with every output filled in. It ends your task.',
    inputSchema: asIs(schema),
    execute: async (args, context) => {
      const problem = submissionProblem(args, outputs);
      if (problem) return problem;
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

/** The helpers of this emitter, and those shared by every emitter (EMIT_SNIPPETS of @agentspec/runtime). */
export type HelperName = SnippetName | 'failure' | 'jsonSchema' | 'parameters' | 'asIs' | 'runControl' | 'runTool' | 'llmModel' | 'chatModel' | 'responsesModel' | 'mcp' | 'submitResult';

/** Every helper, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: ModuleHelpers<HelperName> = {
  failure: { code: failure, declares: ['failure'] },
  ...EMIT_SNIPPETS,
  jsonSchema: { code: jsonSchema, declares: ['JsonSchema'] },
  parameters: { code: parameters, declares: ['parameters'], needs: ['coerceArgs', 'jsonSchema'], imports: { '@mastra/core/schema': ['type StandardSchemaWithJSON'] } },
  asIs: { code: asIs, declares: ['asIs'], needs: ['jsonSchema'], imports: { '@mastra/core/schema': ['type StandardSchemaWithJSON'] } },
  runControl: { code: runControl, declares: ['RunControl', 'runControl'] },
  runTool: { code: runTool, declares: ['runTool'], needs: ['failure', 'runControl'] },
  llmModel: { code: model, declares: ['LlmEndpoint', 'timedFetch'], needs: ['llmEndpoint', 'llmFetch'], imports: { '@mastra/core/llm': ['type MastraModelConfig'] } },
  chatModel: { code: chat, declares: ['chatModel'], needs: ['llmModel'], imports: { '@ai-sdk/openai-compatible': ['createOpenAICompatible'] } },
  responsesModel: { code: responses, declares: ['responsesModel'], needs: ['llmModel'], imports: { '@ai-sdk/openai': ['createOpenAI'] } },
  mcp: {
    code: mcp,
    declares: ['McpServer', 'McpClients'],
    needs: ['failure', 'mcpRequest'],
    imports: {
      '@modelcontextprotocol/sdk/client/index.js': ['Client'],
      '@modelcontextprotocol/sdk/client/sse.js': ['SSEClientTransport'],
      '@modelcontextprotocol/sdk/client/stdio.js': ['StdioClientTransport'],
      '@modelcontextprotocol/sdk/client/streamableHttp.js': ['StreamableHTTPClientTransport'],
    },
  },
  submitResult: { code: submission, declares: ['OutputSchemaRule', 'SUBMITTED', 'submitResult', 'resultSubmitted'], needs: ['asIs', 'coerce', 'jsonSchema', 'runControl', 'submissionProblem'], imports: { '@mastra/core/tools': ['createTool'] } },
};

/** Top-level and `build`-local names the emitters write themselves: a spec's ids never become one of them (nor the helpers'). */
const DECLARED = [
  'build', 'BuildOptions', 'Built', 'ToolImplementation', 'Inputs', 'INPUTS', 'RUN', 'INSTRUCTIONS', 'OUTPUTS', 'instructions', 'options', 'agent', 'mcp',
  'tools', 'steps', 'SPEC', 'llmOptions', 'Agent', 'createTool', 'createStep', 'createWorkflow', 'flowSteps', 'Client', 'SSEClientTransport',
  'StdioClientTransport', 'StreamableHTTPClientTransport', 'createOpenAICompatible', 'createOpenAI', 'StandardSchemaWithJSON', 'MastraModelConfig', 'CompileMastraOptions',
  'MastraCompiled', 'openai',
];

/** The module being written: the shared ModuleWriter over these helpers. */
export type MastraModule = ModuleWriter<HelperName, MastraWarning>;

/** A module to write. */
export function mastraModule(): MastraModule {
  return new ModuleWriter<HelperName, MastraWarning>(HELPERS, DECLARED);
}
