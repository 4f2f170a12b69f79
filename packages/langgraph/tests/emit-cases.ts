/**
 * The conformance cases for the emitter tests, and where emitted modules go:
 * `tests/.emitted/` (git-ignored), with a `node_modules/` there linking what
 * an emitted module imports that this package does not depend on:
 * `@modelcontextprotocol/sdk` (from @agentspec/runtime's dependencies) and
 * `@agentspec/langgraph` itself (emitted flows import it).
 *
 * The conformance package depends on this one, so it is loaded from its
 * sources by path (not a dependency, outside this package's tsconfig).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, type Component } from '@agentspec/core';
import { openAiBaseUrl, retryingFetch, type Runtime, type RuntimeLoadOptions } from '@agentspec/runtime';
import { emitLangGraph, type LangGraphBuild } from '../src/index.js';

export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const EMITTED_DIR = join(PACKAGE_DIR, 'tests', '.emitted');
const CONFORMANCE_SRC = join(PACKAGE_DIR, '..', '..', 'conformance', 'src');
export const CASES_DIR = join(PACKAGE_DIR, '..', '..', 'conformance', 'cases');

/** The parts of a conformance case these tests read. */
export interface SuiteCase {
  readonly kind: 'run' | 'invalid';
  readonly id: string;
  readonly specText: string;
  /** Runtimes that refuse the spec (`refusedBy:` of the case). */
  readonly refusedBy?: Readonly<Record<string, unknown>>;
}

interface ConformanceModules {
  discoverCases(dir: string): unknown[];
  loadCase(entry: unknown): SuiteCase;
  substitute(text: string, values: Readonly<Record<string, string>>): string;
  describeConformance(runtime: () => Runtime | Promise<Runtime>, options?: { filter?: (id: string) => boolean; knownGapsDir?: string; traces?: boolean }): Promise<void>;
  describeSecurityRules(runtime: () => Runtime | Promise<Runtime>): Promise<void>;
}

async function load<T>(file: string): Promise<T> {
  return (await import(join(CONFORMANCE_SRC, file))) as T;
}

export async function conformance(): Promise<ConformanceModules> {
  const [cases, placeholders, vitest, security] = await Promise.all([
    load<Pick<ConformanceModules, 'discoverCases' | 'loadCase'>>('case.ts'),
    load<Pick<ConformanceModules, 'substitute'>>('servers/placeholders.ts'),
    load<Pick<ConformanceModules, 'describeConformance'>>('vitest.ts'),
    load<Pick<ConformanceModules, 'describeSecurityRules'>>('vitest-security.ts'),
  ]);
  return { ...cases, ...placeholders, ...vitest, ...security };
}

/** Every valid case of the suite (not `_invalid_`, not `_selftest_`). */
export async function validCases(): Promise<SuiteCase[]> {
  const c = await conformance();
  return c.discoverCases(CASES_DIR).map((entry) => c.loadCase(entry)).filter((x) => x.kind === 'run');
}

/** Placeholder values for cases whose servers are not started (the typecheck). */
const OFFLINE_SERVERS: Readonly<Record<string, string>> = {
  'http': 'http://127.0.0.1:9',
  'mcp-http': 'http://127.0.0.1:9/mcp',
  'mcp-sse': 'http://127.0.0.1:9/sse',
  'mcp-stdio-command': 'node',
  'mcp-stdio-args': '["server.mjs"]',
  'mcp-stdio-script': '"server.mjs"',
  'a2a': 'http://127.0.0.1:9',
  'a2a-blocking': 'http://127.0.0.1:9',
  'a2a-auth': 'http://127.0.0.1:9',
};

export async function caseComponent(c: SuiteCase): Promise<Component> {
  return deserialize((await conformance()).substitute(c.specText, OFFLINE_SERVERS));
}

/** A file for an emitted module: a name (case id or hash) made safe. */
export function emittedFile(name: string, dir = EMITTED_DIR): string {
  return join(dir, `${name.replace(/[^A-Za-z0-9_-]+/g, '_')}.ts`);
}

export function hashName(code: string): string {
  return `m_${createHash('sha256').update(code).digest('hex').slice(0, 16)}`;
}

function link(name: string, target: string): void {
  const at = join(EMITTED_DIR, 'node_modules', name);
  if (existsSync(at)) return;
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, 'dir');
}

/** The options of an emitted module's build(), from the load options of the runtime. */
export function buildOptions(load: RuntimeLoadOptions & { checkpointer: unknown }): Record<string, unknown> {
  const override = load.llm?.override;
  return {
    checkpointer: load.checkpointer,
    ...(load.tools ? { tools: load.tools } : {}),
    llm: {
      ...(override ? { baseURL: openAiBaseUrl(override.url), ...(override.apiKey ? { apiKey: override.apiKey } : {}), ...(override.model ? { model: override.model } : {}) } : {}),
      ...(!override && load.llm?.apiKey ? { apiKey: load.llm.apiKey } : {}),
      ...(load.llm?.credentialHosts ? { credentialHosts: load.llm.credentialHosts } : {}),
      ...(load.llm?.timeoutMs !== undefined ? { timeoutMs: load.llm.timeoutMs } : {}),
      // the module retries (the runtime's retries, or the spec's retry_policy); each attempt goes through the session's ledger
      ...(load.llm?.retries !== undefined ? { retries: load.llm.retries } : {}),
      ...(load.llm?.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: load.llm.maxRetryAfterMs } : {}),
      fetch: retryingFetch({ retries: 0 }),
    },
    ...(load.limits ? { limits: load.limits } : {}),
    ...(load.network ? { network: load.network } : {}),
  };
}

/** How many graphs buildEmitted built. */
export const emittedBuilds = { count: 0 };

/** langgraphRuntime's `build` hook on emitted modules: emit the component, write it to tests/.emitted/, import it, call its build(). */
export async function buildEmitted(component: Component, load: RuntimeLoadOptions & { checkpointer: unknown }): Promise<LangGraphBuild> {
  prepareEmittedDir();
  const { code } = emitLangGraph(component, { source: `${component.id}.yaml` });
  const file = emittedFile(`${component.id}-${hashName(code)}`);
  writeFileSync(file, code);
  const mod = (await import(file)) as { build(options: Record<string, unknown>): LangGraphBuild };
  emittedBuilds.count++;
  return mod.build(buildOptions(load));
}

/** Create `tests/.emitted/` with a node_modules link to this package (emitted flows import `@agentspec/langgraph`). */
export function prepareEmittedDir(): void {
  mkdirSync(EMITTED_DIR, { recursive: true });
  link('@agentspec/langgraph', PACKAGE_DIR);
}

const LLM = `
llm_config:
  component_type: OpenAiCompatibleConfig
  id: llm
  name: local model
  model_id: local-model
  url: http://127.0.0.1:8000`;

/** A small agent (its module is the fixture emit-fixtures/calculator-agent.ts.txt). */
export const CALCULATOR = `
component_type: Agent
id: calculator
name: Calculator
system_prompt: You help {{user}} with sums. Use add.
inputs:
  - {title: user, type: string, default: friend}
${LLM}
tools:
  - component_type: ServerTool
    id: add
    name: add
    description: Adds two numbers.
    inputs: [{title: a, type: number}, {title: b, type: number}]
    outputs: [{title: sum, type: number}]
agentspec_version: 25.4.1
`;

/** A small flow (emit-fixtures/greeting-flow.ts.txt). */
export const GREETING = `
component_type: Flow
id: greeting
name: Greeting
inputs: [{title: name, type: string}]
outputs: [{title: greeting, type: string}]
start_node: {$component_ref: start}
nodes:
  - {$component_ref: start}
  - {$component_ref: greet}
  - {$component_ref: end}
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: start}, to_node: {$component_ref: greet}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: greet}, to_node: {$component_ref: end}}
data_flow_connections: null
$referenced_components:
  start: {component_type: StartNode, id: start, name: start, inputs: [{title: name, type: string}]}
  greet:
    component_type: LlmNode
    id: greet
    name: greet
    prompt_template: Greet {{name}} in one sentence.
    outputs: [{title: greeting, type: string}]
    ${LLM.trim().replace(/\n/g, '\n    ')}
  end: {component_type: EndNode, id: end, name: end, inputs: [{title: greeting, type: string}], outputs: [{title: greeting, type: string}]}
agentspec_version: 25.4.1
`;

/** Strings no literal may break: quotes, backticks, substitutions, comment ends, backslashes, newlines. */
export const NASTY = "it's \"quoted\" `ticked` ${globalThis.__emitPwned = true} */ /* \\ back\\slash \\n\n second line\r\n\u2028 end";

export const NASTY_AGENT = {
  component_type: 'Agent',
  id: "agent '*/",
  name: NASTY,
  system_prompt: `${NASTY}\nUser: {{user}}`,
  inputs: [{ title: 'user', type: 'string' }],
  llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: NASTY, model_id: "model'`${x}", url: 'http://127.0.0.1:8000' },
  tools: [{ component_type: 'ServerTool', id: 'echo', name: 'echo', description: NASTY, inputs: [{ title: 'text', type: 'string', description: NASTY }] }],
  agentspec_version: '25.4.1',
};

export const NASTY_FLOW = {
  component_type: 'Flow',
  id: 'nasty_flow',
  name: NASTY,
  start_node: { $component_ref: 'start' },
  nodes: [{ $component_ref: 'start' }, { $component_ref: 'say' }, { $component_ref: 'end' }],
  control_flow_connections: [
    { component_type: 'ControlFlowEdge', id: 'c1', name: NASTY, from_node: { $component_ref: 'start' }, to_node: { $component_ref: 'say' } },
    { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'say' }, to_node: { $component_ref: 'end' } },
  ],
  data_flow_connections: null,
  $referenced_components: {
    start: { component_type: 'StartNode', id: 'start', name: 'start' },
    say: { component_type: 'OutputMessageNode', id: 'say', name: `${NASTY} node`, message: NASTY },
    end: { component_type: 'EndNode', id: 'end', name: 'end' },
  },
  agentspec_version: '25.4.1',
};

/** An agent with every kind of tool and option the agent emitter writes (typechecked, not run). */
export const KITCHEN_SINK_AGENT = {
  component_type: 'Agent',
  id: 'sink',
  name: 'Kitchen sink',
  system_prompt: 'Help {{user}} in {{language}}.',
  human_in_the_loop: false,
  inputs: [{ title: 'user', type: 'string' }, { title: 'language', type: 'string', default: 'English' }],
  outputs: [{ title: 'answer', type: 'string' }, { title: 'score', type: 'integer', default: 0 }],
  llm_config: { component_type: 'OpenAiConfig', id: 'gpt', name: 'gpt', model_id: 'gpt-4o-mini', default_generation_parameters: { temperature: 0.2, top_p: 0.9, max_tokens: 200, seed: 7 } },
  tools: [
    { component_type: 'ServerTool', id: 'delete', name: 'delete_file', description: 'Deletes a file.', requires_confirmation: true, inputs: [{ title: 'path', type: 'string' }] },
    { component_type: 'ClientTool', id: 'pick', name: 'pick_file', description: 'Asks the user for a file.', inputs: [{ title: 'pattern', type: 'string', default: '*' }] },
    {
      component_type: 'RemoteTool', id: 'post', name: 'post_note', description: 'Posts a note.', url: 'https://api.example.com/notes/{{folder}}', http_method: 'POST',
      query_params: { lang: '{{lang}}', tags: ['a', '{{tag}}'] }, headers: { 'X-Folder': '{{folder}}', Accept: 'application/json' }, data: { text: '{{text}}', meta: { n: 1 } },
      inputs: [{ title: 'folder', type: 'string' }, { title: 'lang', type: 'string' }, { title: 'tag', type: 'string' }, { title: 'text', type: 'string' }],
    },
    { component_type: 'RemoteTool', id: 'get', name: 'get_any', description: 'Gets anything.', url: '{{url}}', http_method: 'GET', inputs: [{ title: 'url', type: 'string' }] },
    {
      component_type: 'MCPTool', id: 'stdio', name: 'local_echo', description: 'Echo over stdio.', inputs: [{ title: 'text', type: 'string' }], outputs: [{ title: 'text', type: 'string' }],
      client_transport: { component_type: 'StdioTransport', id: 'st', name: 'local server', command: 'node', args: ['server.mjs'], env: { MODE: 'test' }, cwd: '/tmp' },
    },
    {
      component_type: 'MCPTool', id: 'sse', name: 'remote_user', description: 'A user over SSE.', inputs: [{ title: 'id', type: 'integer' }], outputs: [{ title: 'name', type: 'string' }, { title: 'email', type: 'string' }],
      client_transport: { component_type: 'SSETransport', id: 'sse_t', name: 'remote server', url: 'http://127.0.0.1:9/sse', headers: { Authorization: 'Bearer x' } },
    },
  ],
  agentspec_version: '25.4.2',
};

const edge = (id: string, from: string, to: string, branch?: string) => ({
  component_type: 'ControlFlowEdge', id, name: id, from_node: { $component_ref: from }, to_node: { $component_ref: to }, ...(branch ? { from_branch: branch } : {}),
});

/** A flow running one subflow from two nodes (a FlowNode and an AgentNode whose agent is a Flow). */
export const SHARED_SUBFLOW = {
  component_type: 'Flow',
  id: 'outer',
  name: 'Outer',
  outputs: [{ title: 'text', type: 'string' }],
  start_node: { $component_ref: 'start' },
  nodes: ['start', 'first', 'second', 'end'].map((id) => ({ $component_ref: id })),
  control_flow_connections: [edge('c1', 'start', 'first'), edge('c2', 'first', 'second'), edge('c3', 'second', 'end')],
  data_flow_connections: null,
  $referenced_components: {
    start: { component_type: 'StartNode', id: 'start', name: 'start' },
    first: { component_type: 'FlowNode', id: 'first', name: 'first', subflow: { $component_ref: 'inner' } },
    second: { component_type: 'AgentNode', id: 'second', name: 'second', agent: { $component_ref: 'inner' } },
    end: { component_type: 'EndNode', id: 'end', name: 'end', inputs: [{ title: 'text', type: 'string' }], outputs: [{ title: 'text', type: 'string' }] },
    inner: {
      component_type: 'Flow',
      id: 'inner',
      name: 'Inner',
      outputs: [{ title: 'text', type: 'string' }],
      start_node: { $component_ref: 'inner_start' },
      nodes: ['inner_start', 'say', 'inner_end'].map((id) => ({ $component_ref: id })),
      control_flow_connections: [edge('i1', 'inner_start', 'say'), edge('i2', 'say', 'inner_end')],
      data_flow_connections: null,
      $referenced_components: {
        inner_start: { component_type: 'StartNode', id: 'inner_start', name: 'start' },
        say: { component_type: 'OutputMessageNode', id: 'say', name: 'say', message: 'Hello from inside.' },
        inner_end: { component_type: 'EndNode', id: 'inner_end', name: 'end', outputs: [{ title: 'text', type: 'string', default: 'inner text' }] },
      },
    },
  },
  agentspec_version: '25.4.1',
};
