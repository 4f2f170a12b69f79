import { kindOf, type Agent, type BuiltinTool, type MCPTool, type Property, type Tool } from '@agentspec/core';
import { outputRules, parametersSchema } from '@agentspec/runtime';
import { aiSdkProviderToolCall, camelCase, docComment, key, literal, member, networkOptionFields, str, templateText, text } from '@agentspec/runtime/emit';
import type { MastraModule as ModuleWriter } from './helpers.js';
import { modelExpression, settingsLiteral } from './llm.js';
import { TOOL_EMITTERS, type EmittedTool, type ToolEmitter } from './tools/index.js';
import { emitAgentTransforms } from './transforms.js';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The TypeScript type of an Agent Spec property's values, for the Inputs interface. */
function tsType(p: Property): string {
  switch (p.type) {
    case 'string': return 'string';
    case 'number':
    case 'integer': return 'number';
    case 'boolean': return 'boolean';
    case 'array': return 'unknown[]';
    case 'object': return 'Record<string, unknown>';
    default: return 'unknown';
  }
}

/**
 * The system prompt as a template literal: each `{{ input }}` becomes
 * `${valueText(inputs.input ?? default)}` (an input without a default keeps its
 * placeholder, as the in-memory compile does); everything else is escaped text.
 */
function promptExpression(prompt: string, inputs: readonly Property[], m: ModuleWriter): string {
  let out = '';
  let last = 0;
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    out += templateText(prompt.slice(last, match.index));
    last = match.index + match[0].length;
    const p = inputs.find((i) => i.title === match[1]);
    if (!p) continue;
    m.use('valueText');
    const fallback = 'default' in p ? literal(p.default) : str(`{{${p.title}}}`);
    out += `\${valueText(inputs${member(p.title)} ?? ${fallback})}`;
  }
  out += templateText(prompt.slice(last));
  return `\`${out}\``;
}

/** The instructions: a constant string, or a function of the agent's inputs (read from Mastra's RequestContext). */
function emitInstructions(spec: Agent, m: ModuleWriter): string {
  const inputs = spec.inputs ?? [];
  const templated = [...spec.system_prompt.matchAll(PLACEHOLDER)].some((x) => inputs.some((i) => i.title === x[1]));
  if (!templated) {
    m.section(`/** The system prompt. */\nconst INSTRUCTIONS = ${text(spec.system_prompt)};`);
    return 'INSTRUCTIONS';
  }
  m.section(docComment(['The agent\'s inputs (Agent Spec `inputs`): the caller puts them in Mastra\'s RequestContext under INPUTS.']) + '\nconst INPUTS = \'agentspec.inputs\';');
  m.section([
    '/** The values the system prompt is rendered with. */',
    'export interface Inputs {',
    ...inputs.map((p) => `${p.description ? `${docComment([p.description], '  ')}\n` : ''}  readonly ${key(p.title)}?: ${tsType(p)};`),
    '}',
  ].join('\n'));
  m.section([
    '/** The system prompt, rendered with the agent\'s inputs (their defaults for those not given). */',
    'function instructions(inputs: Inputs): string {',
    `  return ${promptExpression(spec.system_prompt, inputs, m)};`,
    '}',
  ].join('\n'));
  return '({ requestContext }) => instructions((requestContext.get(INPUTS) ?? {}) as Inputs)';
}

/** The submit_result tool of an agent with outputs, and the rules it checks them by. */
function emitOutputs(outputs: readonly Property[], m: ModuleWriter): string {
  m.use('submitResult');
  const rules = outputRules(outputs).map((rule, i) => {
    const { title: _title, ...schema } = outputs[i] as Property;
    return { ...rule, schema };
  });
  m.section(`/** The agent's outputs: the parameters of submit_result, checked as Agent Spec casts values. */\nconst OUTPUTS: readonly OutputSchemaRule[] = ${literal(rules)};`);
  return `submitResult(OUTPUTS, ${literal(parametersSchema(outputs), '    ')})`;
}

/** The module of a standalone Agent: a Mastra `Agent` with one `createTool` per tool (DESIGN §4.4), mirroring compileAgent. */
export function emitAgent(spec: Agent, m: ModuleWriter): void {
  m.import('@mastra/core/agent', 'Agent');
  const outputs = spec.outputs ?? [];
  const serverTools = spec.tools.filter((t) => t.component_type === 'ServerTool');
  const hasMcp = spec.tools.some((t) => t.component_type === 'MCPTool');
  const hasStdio = spec.tools.some((t) => t.component_type === 'MCPTool' && (t as MCPTool).client_transport.component_type === 'StdioTransport');
  if (hasStdio) m.use('stdioPolicy');
  const instructions = emitInstructions(spec, m);
  const transforms = (spec.transforms?.length ?? 0) > 0;
  m.section(buildOptions(serverTools, spec.tools.some((t) => t.component_type === 'RemoteTool'), hasMcp, transforms));
  m.section([
    '/** What `build` returns: the shape `compileMastra` of @agentspec/mastra returns, so `mastraRuntime` can drive it. */',
    'export interface Built {',
    '  readonly kind: \'agent\';',
    '  readonly agent: Agent;',
    '  /** Every Mastra agent made, by id: register them with your `Mastra`. */',
    '  readonly agents: Record<string, Agent>;',
    '  readonly warnings: readonly { readonly kind: \'unsupported\' | \'approximated\'; readonly component: string; readonly message: string }[];',
    '  /** Ends what the agent holds open (MCP connections). */',
    '  close(): Promise<void>;',
    '}',
  ].join('\n'));
  const tools: [string, EmittedTool][] = [];
  for (const t of spec.tools) {
    if (tools.some(([n]) => n === t.name)) {
      m.warnings.push({ kind: 'unsupported', component: t.id, message: `agent '${spec.id}' has two tools named '${t.name}': only the first is offered` });
      continue;
    }
    if (t.component_type === 'BuiltinTool') {
      // BuiltinTool (25.4.2): OpenAI's provider tool of that type, as compileMastra offers it (admit() refused any other)
      m.import('@ai-sdk/openai', 'openai');
      tools.push([t.name, { declaration: '', create: aiSdkProviderToolCall(t as unknown as BuiltinTool, 'openai', '    ') }]);
      continue;
    }
    const emitted = (TOOL_EMITTERS[kindOf(t)] as ToolEmitter<Tool>)(t, m, m.names.take(`${camelCase(t.name, { fallback: 'tool' })}Tool`));
    m.section(emitted.declaration);
    tools.push([t.name, emitted]);
  }
  const submit = outputs.length > 0 ? emitOutputs(outputs, m) : undefined;
  if (emitAgentTransforms(spec, m)) m.use('runControl');
  if (m.uses('runControl')) m.section('/** Where a caller that follows the run keeps its RunControl in Mastra\'s RequestContext. */\nconst RUN = \'agentspec.run\';');
  const settings = settingsLiteral(spec.llm_config, '    ');
  const body = [
    ...(hasMcp ? [hasStdio
      ? '// an MCP stdio server starts only as network.allowStdio allows its command line (the runtime\'s rule: exact argv for inline code)\nconst mcp = new McpClients((server) => assertStdioAllowed(server, options.network?.allowStdio));'
      : "const mcp = new McpClients(() => {\n  throw failure('AS_HTTP_REFUSED', 'this module starts no MCP stdio server');\n});"] : []),
    ...(transforms ? [
      `const model = ${modelExpression(spec.llm_config, m, '')};`,
      '// every prompt through the message transforms first; the conversation\'s id keys their cached summaries (a session\'s, when its',
      '// caller gives it in the RunControl, as mastraRuntime does)',
      'const summarizers = TRANSFORMS.map((t) => t.model(options));',
      'const conversationId = options.conversationId ?? globalThis.crypto.randomUUID();',
    ] : []),
    '// the type argument spares TypeScript inferring Agent\'s generics from the whole config (slow)',
    'const agent = new Agent<string>({',
    `  id: ${str(spec.id.replace(/[^A-Za-z0-9_.:-]/g, '_') || 'component')},`,
    `  name: ${str(spec.name)},`,
    ...(spec.description ? [`  description: ${str(spec.description)},`] : []),
    `  instructions: ${instructions},`,
    transforms
      ? '  model: ({ requestContext }) => transformingModel(model, summarizers, runControl({ requestContext })?.conversationId ?? conversationId),'
      : `  model: ${modelExpression(spec.llm_config, m, '  ')},`,
    ...(tools.length === 0 && !submit ? ['  tools: {},'] : [
      '  tools: {',
      ...tools.map(([name, t]) => `    ${key(name)}: ${t.create},`),
      ...(submit ? [`    submit_result: ${submit},`] : []),
      '  },',
    ]),
    '  // the retries are the model\'s (llmFetch): Mastra\'s own are off',
    '  maxRetries: 0,',
    ...(submit ? ['  // the agent stops after a valid submit_result (or after maxSteps LLM turns)'] : []),
    `  defaultOptions: { maxSteps: options.maxAgentSteps ?? 20${submit ? ', stopWhen: resultSubmitted' : ''}${settings ? `, modelSettings: ${settings}` : ''} },`,
    '});',
    `return { kind: 'agent', agent, agents: { [agent.id]: agent }, warnings: [], close: ${hasMcp ? '() => mcp.close()' : 'async () => {}'} };`,
  ];
  m.section([
    '/** The Mastra agent of the spec, bound to the tool implementations and the LLM endpoint given. */',
    `export function build(options: BuildOptions${serverTools.length > 0 ? '' : ' = {}'}): Built {`,
    body.join('\n').split('\n').map((l) => (l === '' ? l : `  ${l}`)).join('\n'),
    '}',
  ].join('\n'));
}

/** The `BuildOptions` interface: what `build` binds the agent to. */
function buildOptions(serverTools: readonly Tool[], http: boolean, mcp: boolean, transforms: boolean): string {
  const names = [...new Set(serverTools.map((t) => t.name))];
  return [
    ...(names.length > 0 ? ['/** A ServerTool implementation: the tool\'s arguments in, its result out. */', 'export type ToolImplementation = (args: Record<string, unknown>) => unknown;', ''] : []),
    'export interface BuildOptions {',
    ...(names.length > 0 ? [
      '  /** ServerTool implementations by tool name (never taken from the spec). */',
      `  readonly tools: { ${names.map((n) => `readonly ${key(n)}: ToolImplementation`).join('; ')} };`,
    ] : []),
    '  /**',
    '   * Where the LLM is: overrides the spec\'s endpoint (an OpenAI-compatible `baseURL`, with `apiKey`, `model`); without `baseURL`, the key',
    '   * (`apiKey`, else OPENAI_API_KEY) goes to the spec\'s endpoint only on OPENAI_BASE_URL\'s origin (else api.openai.com\'s) or a host of',
    '   * `credentialHosts`. The timeout of an attempt; retries on 429, 5xx and network errors (`retries`, default 2; a Retry-After up to',
    '   * `maxRetryAfterMs`, default 10 000; the LLM config\'s retry_policy decides when it has one); the fetch of each attempt.',
    '   */',
    '  readonly llm?: {',
    '    readonly baseURL?: string; readonly apiKey?: string; readonly model?: string; readonly credentialHosts?: readonly string[];',
    '    readonly timeoutMs?: number; readonly retries?: number; readonly maxRetryAfterMs?: number; readonly fetch?: typeof fetch;',
    '  };',
    '  /** LLM turns per run (default 20). */',
    '  readonly maxAgentSteps?: number;',
    ...(transforms ? ['  /** The conversation\'s id: the key of the summaries its transforms cache (default: one per build; a RunControl\'s wins). */', '  readonly conversationId?: string;'] : []),
    ...(http || mcp ? [
      '  /**',
      '   * Hosts (or host:port) an HTTP call may reach although templated, private, link-local or where a redirect leads (SSRF guard); MCP',
      '   * stdio servers allowed to start: a command name, or an exact command line (a string with blanks, or `{ command, args }`) — only an',
      '   * exact one allows arguments that run inline code (`node -e`, …) or a spec env variable that loads code.',
      '   */',
      '  readonly network?: {',
      ...networkOptionFields('    '),
      '  };',
    ] : []),
    ...(http ? [
      '  /** HTTP calls: time allowed to each attempt (default 30 000 ms), retries on network errors, 429 and 5xx (default 2), redirects followed (default 5), bytes of a body read (default 10 MB). */',
      '  readonly http?: { readonly timeoutMs?: number; readonly retries?: number; readonly maxRedirects?: number; readonly maxBodyBytes?: number };',
    ] : []),
    '}',
  ].join('\n');
}
