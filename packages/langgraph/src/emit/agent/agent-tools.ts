import type { ClientTransport, MCPTool, RemoteTool, Tool } from '@agentspec/core';
import { placeholdersIn } from '@agentspec/core';
import { admitted, hostIsTemplated, isSingleStringOutput, RuntimeError, toolSpec, unsupportedComponent } from '@agentspec/runtime';
import { commentText, identifier, key, literal, raw, str, text, type Names } from '@agentspec/runtime/emit';
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

function remoteTool(tool: RemoteTool, fn: string): Omit<EmittedTool, 'tool' | 'variable'> {
  const lines = [`    const url = new URL(${rendered(tool.url, '    ')});`];
  for (const [k, v] of Object.entries(tool.query_params ?? {})) {
    if (v === null || v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) {
      const value = typeof item === 'string' ? rendered(item, '    ') : `JSON.stringify(${literal(item)})`;
      lines.push(`    url.searchParams.append(${rendered(k, '    ')}, ${value});`);
    }
  }
  const method = (tool.http_method || 'GET').toUpperCase();
  const headers: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(tool.headers ?? {})) if (v !== null && v !== undefined) headers[k.toLowerCase()] = typeof v === 'string' ? raw(rendered(v, '        ')) : JSON.stringify(v);
  const hasBody = method !== 'GET' && method !== 'HEAD' && tool.data !== undefined && tool.data !== null
    && !(typeof tool.data === 'object' && !Array.isArray(tool.data) && Object.keys(tool.data).length === 0 && !['POST', 'PUT', 'PATCH'].includes(method));
  const form = String(headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
  if (hasBody && typeof tool.data !== 'string' && !form && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  const init = [`method: ${str(method)},`];
  if (Object.keys(headers).length > 0) init.push(`headers: ${literal(headers, '      ')},`);
  if (hasBody) {
    const data = rendered(tool.data, '      ');
    init.push(`body: ${typeof tool.data === 'string' ? data : form ? `new URLSearchParams(${data} as Record<string, string>).toString()` : `JSON.stringify(${data})`},`);
  }
  const flat = `{ ${init.join(' ').slice(0, -1)} }`;
  const initCode = flat.length <= 70 && !flat.includes('\n') ? flat : `{\n${init.map((l) => `      ${l}`).join('\n')}\n    }`;
  lines.push(`    return httpCall(url, ${initCode}, options, ${String(hostIsTemplated(tool.url))});`);
  const usesRender = lines.some((l) => l.includes('renderTemplate('));
  return {
    declaration: [
      docLine(tool, ` (${method} ${commentText(tool.url)})`),
      `function ${fn}(options: BuildOptions) {`,
      langchainTool(tool, `async (${usesRender ? 'args' : '_args'}: Record<string, unknown>) => {\n${lines.join('\n')}\n  }`),
      '}',
    ].join('\n'),
    create: `${fn}(options)`,
    helpers: usesRender ? ['http', 'renderTemplate'] : ['http'],
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
    lines.push(
      `    if (!(options.network?.allowStdio ?? []).includes(${str(t.command)})) {`,
      `      throw new CodedError('AS_HTTP_REFUSED', ${str(`starting the MCP stdio server '${t.command}' is not allowed: list it in network.allowStdio`)});`,
      '    }',
    );
  }
  lines.push(
    `    const client = await mcp.connect(${str(t.name)}, () => ${transportCode(t)});`,
    `    return callMcpTool(client, ${str(tool.name)}, args, ${String(isSingleStringOutput(tool.outputs ?? []))});`,
  );
  return {
    declaration: [
      docLine(tool, ` (MCP server ${commentText(str(t.name))}, ${commentText(where)})`),
      `function ${fn}(mcp: McpConnections${t.component_type === 'StdioTransport' ? ', options: BuildOptions' : ''}) {`,
      langchainTool(tool, `async (args: Record<string, unknown>) => {\n${lines.join('\n')}\n  }`),
      '}',
    ].join('\n'),
    create: `${fn}(mcp${t.component_type === 'StdioTransport' ? ', options' : ''})`,
    helpers: ['mcp'],
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

/** The declaration of one tool of an agent (one per tool kind). */
export function emitTool(spec: Tool, ctx: ToolEmitContext): EmittedTool {
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
