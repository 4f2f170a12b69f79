import { placeholdersIn, type Agent, type LlmConfig, type Property } from '@agentspec/core';
import {
  llmApi, generationParams, outputRules, specLlmBaseUrl, SUBMIT_RESULT, submitResultSpec, unsupportedComponent,
} from '@agentspec/runtime';
import { commentText, key, literal, retryPolicyLiteral, member, ModuleWriter, networkOptionFields, str, text } from '@agentspec/runtime/emit';
import { LANGGRAPH_CAPABILITIES } from '../../capabilities.js';
import type { CompileWarning } from '../../compile/options.js';
import { CHANNELS } from '../../constants.js';
import { buildFunction } from './agent-graph.js';
import { emitTransforms } from './agent-transforms.js';
import { emitTool, functionDefinition, type EmittedTool } from './agent-tools.js';
import { HELPERS, type HelperName } from './helpers.js';

/** Names an agent's module declares itself (the helpers' are taken too): no name made from the spec takes them. */
const DECLARED = [
  'State', 'Input', 'Output', 'AgentState', 'AgentUpdate', 'build', 'BuildOptions', 'ToolImplementation', 'BuiltAgent', 'chatModel', 'SYSTEM_PROMPT', 'AGENT_ID',
  'AGENT_NAME', 'SERVER_TOOLS', 'LLM_BASE_URL', 'LLM_MODEL', 'LLM_RETRY_POLICY', 'agentInputs', 'options', 'model', 'tools', 'graph', 'builder', 'mcp',
  'runnable', 'maxAgentSteps', 'callModel', 'runTools', 'TRANSFORMS', 'summarizers',
  'askUser', 'afterModel', 'afterTools', 'tool', 'SUBMIT_RESULT_TOOL', 'OUTPUTS', 'OUTPUT_RULES', 'Client', 'Transport', 'ChatOpenAI', 'Annotation', 'StateGraph',
  'MessagesAnnotation', 'START', 'END', 'interrupt', 'JsonSchema',
];

/** The names of a chat model's declarations: its constants and its function. */
export interface ChatModelNames {
  readonly baseUrl: string;
  readonly model: string;
  readonly policy: string;
  /** What the comment above its constants calls it. */
  readonly what: string;
}

const AGENT_MODEL: ChatModelNames = { baseUrl: 'LLM_BASE_URL', model: 'LLM_MODEL', policy: 'LLM_RETRY_POLICY', what: 'The LLM' };

/**
 * The chat model of the LLM config: where it is and the key it gets from the shared llmEndpoint (`options.llm`
 * overriding the spec's endpoint as LlmOptions.override does; a key only to the origin it is for, or to a host of
 * `llm.credentialHosts`), its retries from the shared llmFetch (the runtime's, or the config's retry_policy).
 */
export function chatModel(spec: LlmConfig, timeoutMs: number, names: ChatModelNames = AGENT_MODEL): { constants: string; body: string } {
  // a generic LlmConfig (26.1.2) is no component of core's 25.4.1 union: held as an LlmConfig with a model id
  const config = spec as LlmConfig & { readonly model_id: string; readonly name: string };
  if (config.component_type === 'OciGenAiConfig') throw unsupportedComponent(config, LANGGRAPH_CAPABILITIES.emit);
  // the spec's endpoint as resolveEndpoint reaches it (a generic LlmConfig where genericLlmTarget points it); none: OpenAI's own
  const url = specLlmBaseUrl(config);
  const openAi = url === undefined;
  const params = generationParams(config);
  const policy = retryPolicyLiteral(config, '', 30);
  const constants = [
    `/** ${names.what}: ${commentText(config.component_type)} ${commentText(str(config.name))}${openAi ? ' (OPENAI_BASE_URL, else api.openai.com)' : ''}. */`,
    ...(url === undefined ? [] : [`const ${names.baseUrl} = ${str(url)};`]),
    `const ${names.model} = ${str(config.model_id)};`,
    ...(policy ? ['/** How its requests are retried: the LLM config\'s retry_policy. */', `const ${names.policy}: SpecRetryPolicy = ${policy};`] : []),
  ].join('\n');
  // OpenAI-compatible servers (and options.llm.baseURL) take any key; OpenAiConfig on OpenAI's endpoint needs one
  // (ChatOpenAI then looks for OPENAI_API_KEY itself: llmEndpoint found none)
  const apiKey = openAi ? "endpoint.apiKey ?? (llm.baseURL ? 'not-needed' : undefined)" : "endpoint.apiKey ?? 'not-needed'";
  const retry = `{ retries: llm.retries, maxRetryAfterMs: llm.maxRetryAfterMs${policy ? `, policy: ${names.policy}` : ''}, timeoutMs: llm.timeoutMs ?? ${timeoutMs} }`;
  const body = [
    '  const llm = options.llm ?? {};',
    `  const endpoint = llmEndpoint(${openAi ? 'undefined' : names.baseUrl}, ${names.model}, llm);`,
    '  // never `streaming: true`; the retries are llmFetch\'s (the client\'s own are off), and its time limit covers the answer too',
    '  return new ChatOpenAI({',
    '    model: endpoint.model,',
    `    apiKey: ${apiKey},`,
    `    configuration: { baseURL: endpoint.baseURL, fetch: llmFetch(${retry}, llm.fetch) },`,
    ...(params.temperature !== undefined ? [`    temperature: ${params.temperature},`] : []),
    ...(params.topP !== undefined ? [`    topP: ${params.topP},`] : []),
    ...(params.maxTokens !== undefined ? [`    maxTokens: ${params.maxTokens},`] : []),
    ...(params.extra ? [`    modelKwargs: ${literal(params.extra, '    ')},`] : []),
    `    timeout: llm.timeoutMs ?? ${timeoutMs},`,
    '    maxRetries: 0,',
    // api_type responses: ChatOpenAI's Responses API, as the runtime's chatOpenAI
    ...(llmApi(config) === 'responses' ? ['    useResponsesApi: true,'] : []),
    '  });',
  ].join('\n');
  return { constants, body };
}

function schemaOf(p: Property): Record<string, unknown> {
  const { title: _title, ...schema } = p;
  return schema;
}

function stateKeys(agent: Agent): string[] {
  const keys: string[] = [];
  for (const p of [...(agent.inputs ?? []), ...(agent.outputs ?? [])]) {
    if (!keys.includes(p.title)) keys.push(p.title);
  }
  return keys;
}

function nodeNames(keys: readonly string[]): { model: string; tools: string; human: string } {
  const pick = (base: string) => {
    let n = base;
    for (let i = 2; keys.includes(n); i++) n = `${base}_${i}`;
    return n;
  };
  return { model: pick('model'), tools: pick('tools'), human: pick('human') };
}

/** `state.x` or `state['x y']`. */
function stateRef(name: string): string {
  return `state${member(name)}`;
}

function annotations(agent: Agent, keys: readonly string[]): string {
  const props = (list: readonly Property[] | null | undefined) => (list ?? []).map((p) => p.title);
  const root = (entries: readonly string[]) => `Annotation.Root({\n${entries.map((e) => `  ${e},`).join('\n')}\n})`;
  const spec = (k: string) => `${key(k)}: State.spec${member(k)}`;
  return [
    '/**',
    ' * The agent\'s state: the conversation, the LLM turns since the user last spoke, whether submit_result',
    ' * finished it, and a key per input (rendered into the system prompt) and output.',
    ' */',
    `const State = ${root([
      '...MessagesAnnotation.spec',
      ...keys.map((k) => `${key(k)}: Annotation<unknown>()`),
      `${CHANNELS.turns}: Annotation<number>({ reducer: (_before: number, after: number) => after, default: () => 0 })`,
      `${CHANNELS.done}: Annotation<boolean>()`,
    ])};`,
    '',
    '/** What the graph takes (the conversation and the inputs) and gives back (the conversation and the outputs). */',
    `const Input = ${root([...props(agent.inputs).map(spec), 'messages: State.spec.messages'])};`,
    `const Output = ${root([...props(agent.outputs).map(spec), 'messages: State.spec.messages'])};`,
    '',
    'type AgentState = typeof State.State;',
    'type AgentUpdate = typeof State.Update;',
  ].join('\n');
}

function inputsFunction(agent: Agent): string {
  const lines = (agent.inputs ?? []).map((p) => {
    const value = stateRef(p.title);
    const fallback = 'default' in p ? literal(p.default, '    ') : `missingInput(${str(p.title)})`;
    return `    ${key(p.title)}: ${value} === undefined ? ${fallback} : coerce(${value}, ${literal(schemaOf(p), '    ')}),`;
  });
  return [
    '/** The agent\'s inputs from the state: coerced to their types; a default for what was not given. */',
    'function agentInputs(state: AgentState): Record<string, unknown> {',
    '  return {',
    ...lines,
    '  };',
    '}',
  ].join('\n');
}

/** The module of an Agent: declarations at the top level, `build()`, the helpers they use. */
export function emitAgent(agent: Agent, defaults: { readonly timeoutMs: number }): ModuleWriter<HelperName, CompileWarning> {
  const w = new ModuleWriter<HelperName, CompileWarning>(HELPERS, DECLARED);
  const keys = stateKeys(agent);
  const tools: EmittedTool[] = agent.tools.map((t) => emitTool(t, { names: w.names }));
  const outputs = agent.outputs ?? [];
  const wanted = new Set<HelperName>(['codedError', 'conversation', 'llmError', 'llmEndpoint', 'llmFetch']);
  for (const t of tools) for (const h of t.helpers) wanted.add(h);
  const renders = placeholdersIn(agent.system_prompt).length > 0;
  if (renders) wanted.add('renderTemplate');
  if ((agent.inputs ?? []).length > 0) wanted.add('coerce');
  if ((agent.inputs ?? []).some((p) => !('default' in p))) wanted.add('missingInput');
  // the graph runs every tool but ClientTools (the caller's) and BuiltinTools (the provider's)
  const runnable = tools.filter((t) => t.tool.component_type !== 'ClientTool' && t.tool.component_type !== 'BuiltinTool');
  const clients = tools.filter((t) => t.tool.component_type === 'ClientTool');
  const confirmed = tools.filter((t) => t.tool.requires_confirmation === true);
  if (runnable.length > 0) wanted.add('coerceArgs').add('toolResultText');
  if (clients.length > 0) wanted.add('toolResultText');
  if (outputs.length > 0) wanted.add('submissionProblem').add('coerce');
  for (const h of wanted) w.use(h);
  const servers = tools.filter((t) => t.tool.component_type === 'ServerTool').map((t) => t.tool.name);
  const mcp = tools.some((t) => t.tool.component_type === 'MCPTool');
  const n = nodeNames(keys);

  w.import('@langchain/core/messages', 'HumanMessage', 'SystemMessage', 'ToolMessage', 'type AIMessage', 'type BaseMessage');
  if (runnable.length > 0) w.import('@langchain/core/tools', 'tool', 'type StructuredToolInterface');
  w.import('@langchain/langgraph', 'Annotation', 'END', 'interrupt', 'MessagesAnnotation', 'START', 'StateGraph', 'type BaseCheckpointSaver', 'type LangGraphRunnableConfig');
  w.import('@langchain/openai', 'ChatOpenAI');
  for (const t of tools) for (const [from, names] of Object.entries(t.imports)) w.import(from, ...names);

  w.section(buildOptions(servers));
  w.section([
    `const AGENT_ID = ${str(agent.id)};`,
    `const AGENT_NAME = ${str(agent.name)};`,
    ...(servers.length > 0 ? [`/** The ServerTools: their implementations come from \`options.tools\`. */\nconst SERVER_TOOLS = ${literal(servers)};`] : []),
    '',
    renders ? '/** The system prompt; `{{ name }}` placeholders are the agent\'s inputs. */' : '/** The system prompt. */',
    `const SYSTEM_PROMPT = ${text(agent.system_prompt)};`,
  ].join('\n'));
  w.section(annotations(agent, keys));
  if ((agent.inputs ?? []).length > 0) w.section(inputsFunction(agent));
  if (outputs.length > 0) {
    const spec = submitResultSpec(outputs);
    w.section([
      '/** The outputs, which the LLM gives by calling submit_result (that finishes the agent). */',
      `const OUTPUTS = ${literal(Object.fromEntries(outputs.map((p) => [p.title, schemaOf(p)])))};`,
      '',
      '/** How submit_result checks them (Agent Spec\'s cast rules). */',
      `const OUTPUT_RULES: readonly OutputRule[] = ${literal(outputRules(outputs))};`,
      '',
      `const SUBMIT_RESULT_TOOL = ${functionDefinition(SUBMIT_RESULT, spec.description, spec.parameters)};`,
    ].join('\n'));
  }
  for (const t of tools) w.section(t.declaration);
  const model = chatModel(agent.llm_config, defaults.timeoutMs);
  w.section(model.constants);
  w.section(['/** The chat model of the agent\'s LLM config. */', 'function chatModel(options: BuildOptions): ChatOpenAI {', model.body, '}'].join('\n'));
  const transforms = emitTransforms(agent, w, (llm, names) => chatModel(llm, defaults.timeoutMs, names));
  w.section(buildFunction(agent, { tools, runnable, clients, confirmed, outputs, mcp, servers, renders, transforms, names: n }));
  return w;
}

function buildOptions(servers: readonly string[]): string {
  return [
    '/** A ServerTool implementation: the tool\'s arguments in, its result out. */',
    'export type ToolImplementation = (args: Record<string, unknown>) => unknown;',
    '',
    'export interface BuildOptions {',
    `  /** ServerTool implementations by tool name${servers.length > 0 ? ` (${commentText(servers.join(', '))})` : ''}. */`,
    '  readonly tools?: Readonly<Record<string, ToolImplementation>>;',
    '  /**',
    '   * Where the LLM is: `baseURL` (with `apiKey`) overrides the spec\'s endpoint; without it, `apiKey` (else OPENAI_API_KEY) goes',
    '   * to the spec\'s endpoint only on OPENAI_BASE_URL\'s origin (else api.openai.com\'s) or a host of `credentialHosts`. The',
    '   * request timeout; the retries on 429, 5xx and network errors (`retries`, default 2; a Retry-After up to `maxRetryAfterMs`,',
    '   * default 10 000; the LLM config\'s retry_policy decides when it has one); the fetch of each attempt (one that does not retry).',
    '   */',
    '  readonly llm?: {',
    '    readonly baseURL?: string; readonly apiKey?: string; readonly model?: string; readonly credentialHosts?: readonly string[];',
    '    readonly timeoutMs?: number; readonly retries?: number; readonly maxRetryAfterMs?: number; readonly fetch?: typeof fetch;',
    '  };',
    '  /** Where threads are checkpointed: the agent waits for the user (and for tool results or decisions) with interrupt(). */',
    '  readonly checkpointer?: BaseCheckpointSaver | false;',
    '  /** LLM turns allowed since the user last spoke (default 20); HTTP calls: time per attempt (default 30 000 ms), retries (default 2),',
    '   * redirects followed (default 5), bytes of a body read (default 10 MB). */',
    '  readonly limits?: {',
    '    readonly maxAgentSteps?: number;',
    '    readonly http?: { readonly timeoutMs?: number; readonly retries?: number; readonly maxRedirects?: number; readonly maxBodyBytes?: number };',
    '  };',
    '  /**',
    '   * Hosts (or host:port) an HTTP call may reach although its host comes from an argument, is a private or link-local address,',
    '   * or is another host a redirect leads to; MCP stdio servers allowed to start: a command name, or an exact command line',
    '   * (a string with blanks, or `{ command, args }`) — only an exact one allows arguments that run inline code (`node -e`, …).',
    '   */',
    '  readonly network?: {',
    ...networkOptionFields('    '),
    '  };',
    '}',
    '',
    '/** The graph, the StateGraph it was compiled from, and close() for what its tools hold open. */',
    'export interface BuiltAgent {',
    '  readonly graph: ReturnType<typeof compile>;',
    '  readonly builder: ReturnType<typeof createBuilder>;',
    '  readonly warnings: readonly never[];',
    '  close(): Promise<void>;',
    '}',
  ].join('\n');
}
