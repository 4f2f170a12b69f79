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
  /** The session's conversation: the key of the summaries the agent's message transforms cache. */
  readonly conversationId?: string;
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

/** The fetch of a model: its requests retried by llmFetch (Mastra's own retries are off), each attempt with its time limit until its body has been read. */
function timedFetch(endpoint: LlmEndpoint): typeof fetch {
  return llmFetch({ ...endpoint, timeoutMs: endpoint.timeoutMs ?? 60_000 }, endpoint.fetch);
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

const specTransforms = `
/** A message transform of an agent of the spec: its rule (the summarization snippet's); \`model\`: the id of the LLM config that summarizes. */
type AgentTransform =
  | { readonly id: string; readonly kind: 'message'; readonly model: string; readonly rule: MessageSummarization }
  | { readonly id: string; readonly kind: 'conversation'; readonly model: string; readonly rule: ConversationSummarization };

/**
 * The message transforms of the spec's agents (\`byAgent\`: by agent id) as the \`transforms\` option of @agentspec/mastra: the
 * model of such an agent puts the conversation of every prompt through them, in order (its system prompt aside). Each summary
 * is one generation of the transform's LLM config, made (and traced) by @agentspec/mastra with the model it gives that config.
 * The cached summaries are keyed by the conversation: the session's under mastraRuntime, else \`conversationId\`.
 */
function agentTransforms(byAgent: ReadonlyMap<string, readonly AgentTransform[]>, conversationId: string): NonNullable<CompileMastraOptions['transforms']> {
  return {
    has: (agent) => byAgent.has(agent.id),
    async apply(agent, conversation, call) {
      let current: SummaryMessage[] = [...conversation];
      for (const t of byAgent.get(agent.id) ?? []) {
        const llm = ((agent.transforms ?? []).find((c) => c.id === t.id) as { readonly llm?: Parameters<typeof call.summarize>[0] } | undefined)?.llm;
        if (!llm) throw failure('AS_UNSUPPORTED', \`agent '\${agent.id}' has no transform '\${t.id}' with an llm\`);
        const summarize: Summarize = (messages) => call.summarize(llm, messages);
        const id = call.conversationId || conversationId;
        current = t.kind === 'message' ? await summarizeMessages(t.rule, current, id, summarize) : await summarizeConversation(t.rule, current, id, summarize);
      }
      return current;
    },
    close: async () => undefined,
  };
}`;

const transformingModel = `
/** A message transform of the agent: its rule (the summarization snippet's), and the model of the LLM that summarizes. */
type MessageTransform =
  | { readonly id: string; readonly kind: 'message'; readonly model: (options: BuildOptions) => MastraModelConfig; readonly rule: MessageSummarization }
  | { readonly id: string; readonly kind: 'conversation'; readonly model: (options: BuildOptions) => MastraModelConfig; readonly rule: ConversationSummarization };

/** A part of a message of an AI SDK model's prompt, as the transforms read and write it. */
type PromptPart = { readonly type: string; readonly text?: string; readonly toolCallId?: string; readonly toolName?: string; readonly input?: unknown; readonly output?: unknown };

/** An AI SDK model's prompt. */
type ModelPrompt = readonly ({ readonly role: 'system'; readonly content: string } | { readonly role: 'user' | 'assistant' | 'tool'; readonly content: readonly PromptPart[] })[];

/** The part of an AI SDK language model (what Mastra runs agents on) the transforms wrap. */
interface PromptModel {
  doGenerate(options: { readonly prompt: ModelPrompt; readonly [k: string]: unknown }): PromiseLike<{ readonly content?: readonly PromptPart[] }>;
  doStream(options: { readonly prompt: ModelPrompt; readonly [k: string]: unknown }): PromiseLike<unknown>;
}

/** The text parts of a message, joined. */
function partsText(parts: readonly PromptPart[]): string {
  return parts.flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('');
}

/** A prompt's conversation (its system messages aside) as the transforms read it: one message per tool result. */
function promptConversation(prompt: ModelPrompt): SummaryMessage[] {
  const out: SummaryMessage[] = [];
  for (const m of prompt) {
    if (m.role === 'system') continue;
    if (m.role === 'user') out.push({ role: 'user', content: partsText(m.content) });
    else if (m.role === 'assistant') {
      const toolCalls = m.content.filter((p) => p.type === 'tool-call').map((p) => ({
        id: p.toolCallId ?? '', name: p.toolName ?? '', arguments: typeof p.input === 'string' ? p.input : JSON.stringify(p.input ?? {}),
      }));
      out.push({ role: 'assistant', content: partsText(m.content), ...(toolCalls.length > 0 ? { toolCalls } : {}) });
    } else {
      for (const p of m.content) {
        if (p.type !== 'tool-result') continue;
        const o = p.output as { readonly type?: string; readonly value?: unknown } | undefined;
        const content = o?.type === 'text' || o?.type === 'error-text' ? String(o.value ?? '') : JSON.stringify(o?.value ?? p.output ?? '');
        out.push({ role: 'tool', content, toolCallId: p.toolCallId ?? '' });
      }
    }
  }
  return out;
}

/** The conversation as an AI SDK prompt again. */
function conversationPrompt(messages: readonly SummaryMessage[]): ModelPrompt {
  const names = new Map<string, string>();
  return messages.map((m) => {
    if (m.role === 'system') return { role: 'system' as const, content: m.content };
    if (m.role === 'user') return { role: 'user' as const, content: [{ type: 'text', text: m.content }] };
    if (m.role === 'tool') {
      const id = m.toolCallId ?? '';
      return { role: 'tool' as const, content: [{ type: 'tool-result', toolCallId: id, toolName: names.get(id) ?? '', output: { type: 'text', value: m.content } }] };
    }
    for (const c of m.toolCalls ?? []) names.set(c.id, c.name);
    const input = (text: string): unknown => {
      try {
        return text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        return text;
      }
    };
    return {
      role: 'assistant' as const,
      content: [
        ...(m.content === '' ? [] : [{ type: 'text', text: m.content }]),
        ...(m.toolCalls ?? []).map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: input(c.arguments) })),
      ],
    };
  });
}

/**
 * \`model\` with the agent's TRANSFORMS applied to every prompt (Mastra runs agents on AI SDK models: the prompt of each LLM
 * step goes through doGenerate or doStream, so the conversation Mastra keeps stays as it is): the system messages stay, the
 * conversation goes through the transforms in order, each summary one generation of the transform's model (\`summarizers\`,
 * in TRANSFORMS order). \`conversationId\` keys the cached summaries.
 */
function transformingModel(model: MastraModelConfig, summarizers: readonly MastraModelConfig[], conversationId: string): MastraModelConfig {
  const base = model as unknown as PromptModel;
  const transformed = async (prompt: ModelPrompt): Promise<ModelPrompt> => {
    let current = promptConversation(prompt);
    for (const [i, t] of TRANSFORMS.entries()) {
      const summarizer = summarizers[i] as unknown as PromptModel;
      const summarize: Summarize = async (messages) => partsText((await summarizer.doGenerate({ prompt: conversationPrompt(messages) })).content ?? []);
      current = t.kind === 'message' ? await summarizeMessages(t.rule, current, conversationId, summarize) : await summarizeConversation(t.rule, current, conversationId, summarize);
    }
    return [...prompt.filter((m) => m.role === 'system'), ...conversationPrompt(current)];
  };
  const wrapped = Object.create(base) as PromptModel;
  wrapped.doGenerate = async (options) => base.doGenerate({ ...options, prompt: await transformed(options.prompt) });
  wrapped.doStream = async (options) => base.doStream({ ...options, prompt: await transformed(options.prompt) });
  return wrapped as unknown as MastraModelConfig;
}`;

/** The helpers of this emitter, and those shared by every emitter (EMIT_SNIPPETS of @agentspec/runtime). */
export type HelperName = SnippetName | 'failure' | 'jsonSchema' | 'parameters' | 'asIs' | 'runControl' | 'runTool' | 'llmModel' | 'chatModel' | 'responsesModel' | 'mcp' | 'submitResult' | 'specTransforms' | 'transformingModel';

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
  specTransforms: { code: specTransforms, declares: ['AgentTransform', 'agentTransforms'], needs: ['failure', 'summarization'], imports: { '@agentspec/mastra': ['type CompileMastraOptions'] } },
  transformingModel: {
    code: transformingModel,
    declares: ['MessageTransform', 'PromptPart', 'ModelPrompt', 'PromptModel', 'partsText', 'promptConversation', 'conversationPrompt', 'transformingModel'],
    needs: ['summarization'],
    imports: { '@mastra/core/llm': ['type MastraModelConfig'] },
  },
  submitResult: { code: submission, declares: ['OutputSchemaRule', 'SUBMITTED', 'submitResult', 'resultSubmitted'], needs: ['asIs', 'coerce', 'jsonSchema', 'runControl', 'submissionProblem'], imports: { '@mastra/core/tools': ['createTool'] } },
};

/** Top-level and `build`-local names the emitters write themselves: a spec's ids never become one of them (nor the helpers'). */
const DECLARED = [
  'build', 'BuildOptions', 'Built', 'ToolImplementation', 'Inputs', 'INPUTS', 'RUN', 'INSTRUCTIONS', 'OUTPUTS', 'instructions', 'options', 'agent', 'mcp',
  'tools', 'steps', 'SPEC', 'llmOptions', 'Agent', 'createTool', 'createStep', 'createWorkflow', 'flowSteps', 'Client', 'SSEClientTransport',
  'StdioClientTransport', 'StreamableHTTPClientTransport', 'createOpenAICompatible', 'createOpenAI', 'StandardSchemaWithJSON', 'MastraModelConfig', 'CompileMastraOptions',
  'MastraCompiled', 'groupAgents', 'members', 'TRANSFORMS', 'conversationId', 'model', 'summarizers', 'llmOptions', 'openai',
];

/** The module being written: the shared ModuleWriter over these helpers. */
export type MastraModule = ModuleWriter<HelperName, MastraWarning>;

/** A module to write. */
export function mastraModule(): MastraModule {
  return new ModuleWriter<HelperName, MastraWarning>(HELPERS, DECLARED);
}
