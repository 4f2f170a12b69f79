import type { BuiltinTool, ClientTransport, MCPTool, RemoteTool, Tool } from '@agentspec/core';
import { placeholdersIn } from '@agentspec/core';
import { admitted, hostedToolDefinition, hostIsTemplated, isSingleStringOutput, RuntimeError, toolSpec, unsupportedComponent } from '@agentspec/runtime';
import { commentText, httpPolicyFields, identifier, key, literal, mcpRequestFields, type Names, raw, str, text } from '@agentspec/runtime/emit';
import { LANGGRAPH_CAPABILITIES } from '../../capabilities.js';
import type { HelperName } from './helpers.js';

/** One tool of the agent as emitted: its declaration, and what the module needs for it. */
export interface EmittedTool {
  readonly tool: Tool;
  /** The constant in `build()` holding the LangChain tool (or the tool definition of a ClientTool). */
  readonly variable: string;
  /** The factory function (ServerTool, RemoteTool, MCPTool) or the constant (ClientTool) declared at the top level. */
  readonly declaration: string;
  /** How `build()` makes the tool (undefined: a top-level constant). */
  readonly create?: string;
  readonly helpers: readonly HelperName[];
  /** What it imports, by module (`type X` for a type). */
  readonly imports: Readonly<Record<string, readonly string[]>>;
}

export interface ToolEmitContext {
  readonly names: Names;
}

const MCP_IMPORTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  StdioTransport: { '@modelcontextprotocol/sdk/client/stdio.js': ['StdioClientTransport', 'getDefaultEnvironment'] },
  SSETransport: { '@modelcontextprotocol/sdk/client/sse.js': ['SSEClientTransport'] },
  StreamableHTTPTransport: { '@modelcontextprotocol/sdk/client/streamableHttp.js': ['StreamableHTTPClientTransport'] },
};

function toolSchema(tool: Tool): string {
  return literal(toolSpec(tool).parameters, '    ');
}

function docLine(tool: Tool, extra = ''): string {
  return `/** ${tool.component_type} ${commentText(str(tool.name))}${extra}${tool.description ? `: ${commentText(tool.description)}` : ''} */`;
}

function langchainTool(tool: Tool, body: string): string {
  return [
    `  return tool(${body}, {`,
    `    name: ${str(tool.name)},`,
    `    description: ${text(tool.description ?? '')},`,
    `    schema: ${toolSchema(tool)},`,
    '  });',
  ].join('\n');
}

/** A value of the spec with its strings rendered on the arguments where they hold placeholders. */
function rendered(value: unknown, indent: string): string {
  if (typeof value === 'string') return placeholdersIn(value).length > 0 ? `renderTemplate(${text(value)}, args)` : text(value);
  if (Array.isArray(value)) return literal(value.map((v) => raw(rendered(v, `${indent}  `))), indent);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (placeholdersIn(k).length > 0) throw new RuntimeError('AS_UNSUPPORTED', `a templated key ('${k}') in an HTTP call cannot be emitted`, {}, { hint: 'compile it in memory with compileLangGraph' });
      out[k] = raw(rendered(v, `${indent}  `));
    }
    return literal(out, indent);
  }
  return literal(value, indent);
}

function serverTool(tool: Tool, fn: string): Omit<EmittedTool, 'tool' | 'variable'> {
  return {
    declaration: [
      docLine(tool, ` (runs options.tools[${commentText(str(tool.name))}])`),
      `function ${fn}(options: BuildOptions) {`,
      langchainTool(tool, `async (args: Record<string, unknown>) => runServerTool(${str(tool.name)}, options.tools, args)`),
      '}',
    ].join('\n'),
    create: `${fn}(options)`,
    helpers: ['serverTool'],
    imports: {},
  };
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);
}

/**
 * A RemoteTool: its request (method, URL, query, headers, data rendered from the arguments) sent by the shared
 * `httpCall` of @agentspec/runtime (the runtime's rules: SSRF guard against network.allow, every redirect hop
 * re-checked, body cap, url_allow_list, retries, timeouts, with their error codes).
 */
function remoteTool(tool: RemoteTool, fn: string): Omit<EmittedTool, 'tool' | 'variable'> {
  const method = tool.http_method || 'GET';
  const fields = [
    `      method: ${placeholdersIn(method).length > 0 ? rendered(method, '      ') : str(method.trim().toUpperCase())},`,
    `      url: ${rendered(tool.url, '      ')},`,
    `      templatedHost: ${String(hostIsTemplated(tool.url))},`,
    ...(isEmpty(tool.query_params) ? [] : [`      query: ${rendered(tool.query_params, '      ')},`]),
    ...(isEmpty(tool.headers) ? [] : [`      headers: ${rendered(tool.headers, '      ')},`]),
    ...(tool.data === null || tool.data === undefined ? [] : [`      data: ${rendered(tool.data, '      ')},`]),
    ...httpPolicyFields(tool, '      '),
  ];
  const usesRender = fields.some((l) => l.includes('renderTemplate('));
  const body = [
    `async (${usesRender ? 'args' : '_args'}: Record<string, unknown>, config?: { readonly signal?: AbortSignal }) => {`,
    '    const request: HttpRequest = {',
    ...fields,
    '    };',
    '    return httpCall(request, { allow: options.network?.allow, lookup: options.network?.lookup, ...options.limits?.http }, config?.signal);',
    '  }',
  ].join('\n');
  return {
    declaration: [
      docLine(tool, ` (${commentText(method.toUpperCase())} ${commentText(tool.url)})`),
      `function ${fn}(options: BuildOptions) {`,
      langchainTool(tool, body),
      '}',
    ].join('\n'),
    create: `${fn}(options)`,
    helpers: usesRender ? ['httpCall', 'renderTemplate'] : ['httpCall'],
    imports: {},
  };
}

function transportCode(spec: ClientTransport): string {
  const t = admitted(spec);
  switch (t.component_type) {
    case 'StdioTransport': {
      const env = t.env && Object.keys(t.env).length > 0
        ? `{ ...getDefaultEnvironment(), ${Object.entries(t.env).map(([k, v]) => `${key(k)}: ${str(v)}`).join(', ')} }`
        : 'getDefaultEnvironment()';
      const opts: Record<string, unknown> = { command: t.command, args: [...(t.args ?? [])], env: raw(env), ...(t.cwd ? { cwd: t.cwd } : {}) };
      return `new StdioClientTransport(${literal(opts, '    ')})`;
    }
    case 'SSETransport':
    case 'StreamableHTTPTransport': {
      const cls = t.component_type === 'SSETransport' ? 'SSEClientTransport' : 'StreamableHTTPClientTransport';
      const headers = t.headers && Object.keys(t.headers).length > 0 ? `, { requestInit: { headers: ${literal(t.headers, '    ')} } }` : '';
      return `new ${cls}(new URL(${str(t.url)})${headers})`;
    }
    default:
      throw unsupportedComponent(t, LANGGRAPH_CAPABILITIES.emit);
  }
}

function mcpTool(tool: MCPTool, fn: string): Omit<EmittedTool, 'tool' | 'variable'> {
  const t = admitted(tool.client_transport);
  const where = t.component_type === 'StdioTransport' ? `stdio: ${[t.command, ...(t.args ?? [])].join(' ')}` : t.url;
  const lines: string[] = [];
  if (t.component_type === 'StdioTransport') {
    const server = { command: t.command, args: [...(t.args ?? [])], ...(t.env ? { env: t.env } : {}) };
    // the runtime's rule: a command name or an exact argv of network.allowStdio; inline code only by its exact argv
    lines.push(`    assertStdioAllowed(${literal(server, '    ', 23)}, options.network?.allowStdio);`);
  }
  lines.push(
    `    const request: McpRequest = {`,
    `      tool: ${str(tool.name)},`,
    `      server: ${str(t.name)},`,
    ...mcpRequestFields(tool, '      '),
    '    };',
    `    return callMcpTool(request, mcp.link(${str(t.name)}, () => ${transportCode(t)}), args, ${String(isSingleStringOutput(tool.outputs ?? []))});`,
  );
  return {
    declaration: [
      docLine(tool, ` (MCP server ${commentText(str(t.name))}, ${commentText(where)})`),
      `function ${fn}(mcp: McpConnections${t.component_type === 'StdioTransport' ? ', options: BuildOptions' : ''}) {`,
      langchainTool(tool, `async (args: Record<string, unknown>) => {\n${lines.join('\n')}\n  }`),
      '}',
    ].join('\n'),
    create: `${fn}(mcp${t.component_type === 'StdioTransport' ? ', options' : ''})`,
    helpers: t.component_type === 'StdioTransport' ? ['mcp', 'stdioPolicy'] : ['mcp'],
    imports: { '@modelcontextprotocol/sdk/client/index.js': ['Client'], '@modelcontextprotocol/sdk/shared/transport.js': ['type Transport'], ...MCP_IMPORTS[t.component_type] },
  };
}

/** An OpenAI function definition (what `bindTools` takes besides LangChain tools). */
export function functionDefinition(name: string, description: string, parameters: Record<string, unknown>): string {
  return [
    '{',
    "  type: 'function' as const,",
    '  function: {',
    `    name: ${str(name)},`,
    `    description: ${text(description)},`,
    `    parameters: ${literal(parameters, '    ')},`,
    '  },',
    '}',
  ].join('\n');
}

function clientTool(tool: Tool, constant: string): Omit<EmittedTool, 'tool' | 'variable'> {
  const spec = toolSpec(tool);
  return {
    declaration: [
      docLine(tool, ' (run by the caller: the graph asks for its results with interrupt())'),
      `const ${constant} = ${functionDefinition(spec.name, spec.description, spec.parameters)};`,
    ].join('\n'),
    helpers: [],
    imports: {},
  };
}

/**
 * A BuiltinTool (25.4.2) as the compiled agent binds it: the built-in tool of ChatOpenAI's Responses API, the Responses
 * API tool `{ type, ...configuration }` (`hostedToolDefinition`; admit() made sure the model is a Responses one and the
 * tool one of HOSTED_TOOLS). The provider runs it within the answer: the graph runs nothing for it.
 */
function builtinTool(spec: Tool, ctx: ToolEmitContext): EmittedTool {
  const tool = spec as unknown as BuiltinTool;
  const constant = ctx.names.take(`${identifier(tool.name, { pascal: true })}Builtin`);
  const { type, ...configuration } = hostedToolDefinition(tool);
  return {
    tool: spec,
    variable: constant,
    declaration: [
      `/** ${commentText(tool.name)} (BuiltinTool ${commentText(tool.tool_type)}): a built-in tool of ChatOpenAI's Responses API, run by the provider. */`,
      `const ${constant} = ${literal({ type, ...configuration })};`,
    ].join('\n'),
    helpers: [],
    imports: {},
  };
}

/** The declaration of one tool of an agent (one per tool kind). */
export function emitTool(spec: Tool, ctx: ToolEmitContext): EmittedTool {
  if (spec.component_type === 'BuiltinTool') return builtinTool(spec, ctx);
  const tool = admitted(spec);
  const base = identifier(tool.name);
  switch (tool.component_type) {
    case 'ClientTool': {
      const constant = ctx.names.take(`${identifier(tool.name, { pascal: true })}Definition`);
      return { tool, variable: constant, ...clientTool(tool, constant) };
    }
    case 'ServerTool': {
      const fn = ctx.names.take(`${base}Tool`);
      return { tool, variable: ctx.names.take(base), ...serverTool(tool, fn) };
    }
    case 'RemoteTool': {
      const fn = ctx.names.take(`${base}Tool`);
      return { tool, variable: ctx.names.take(base), ...remoteTool(tool, fn) };
    }
    case 'MCPTool': {
      const fn = ctx.names.take(`${base}Tool`);
      return { tool, variable: ctx.names.take(base), ...mcpTool(tool, fn) };
    }
  }
}
