import type { ClientTransport, Known, MCPTool } from '@agentspec/core';
import { admitted, isSingleStringOutput, unsupportedComponent } from '@agentspec/runtime';
import { literal, mcpRequestFields, raw, str } from '@agentspec/runtime/emit';
import { OPENAI_AGENTS_CAPABILITIES } from '../../capabilities.js';
import type { AgentModule as ModuleWriter } from '../agent-module.js';
import type { ToolEmitter } from './tool-emitter.js';
import { emitFunctionTool } from './function-tool.js';

/** The SDK class of each transport this emitter writes (mTLS ones are refused). */
const SERVER_CLASSES: Partial<Record<Known<ClientTransport>['component_type'], string>> = {
  StdioTransport: 'MCPServerStdio',
  SSETransport: 'MCPServerSSE',
  StreamableHTTPTransport: 'MCPServerStreamableHttp',
};

/** The options of the SDK's MCP server class for a transport. */
function serverOptions(t: Known<ClientTransport>): Record<string, unknown> {
  const timeout = t.session_parameters?.read_timeout_seconds;
  const common = { name: t.name, ...(typeof timeout === 'number' && timeout > 0 ? { clientSessionTimeoutSeconds: timeout } : {}) };
  if (t.component_type === 'StdioTransport') {
    return { command: t.command, args: [...(t.args ?? [])], ...(t.env ? { env: { ...t.env } } : {}), ...(t.cwd ? { cwd: t.cwd } : {}), ...common };
  }
  return { url: t.url, ...(t.headers ? { requestInit: { headers: { ...t.headers } } } : {}), ...common, fetch: raw('fetch') };
}

/** The MCP connection build() opens for a transport (one per transport component), declared once. */
function connection(w: ModuleWriter, spec: ClientTransport): { name: string; code: string } {
  const t = admitted(spec);
  const known = w.mcpConnections.get(t);
  if (known) return { name: known, code: '' };
  const cls = SERVER_CLASSES[t.component_type];
  if (!cls) throw unsupportedComponent(t, OPENAI_AGENTS_CAPABILITIES.emit);
  w.import('@openai/agents', cls);
  w.use('mcpServer');
  const words = w.identifier(t.name.replace(/[^A-Za-z0-9]*server$/i, '') || 'mcp', ['Server'], 'mcp');
  const name = `${words}Server`;
  w.mcpConnections.set(t, name);
  const create = (indent: number, column: number) => `new ${cls}(${literal(serverOptions(t), ' '.repeat(indent), column + cls.length + 5)})`;
  if (t.component_type !== 'StdioTransport') return { name, code: `const ${name} = new McpConnection((fetch) => ${create(2, name.length + 41)});` };
  w.use('stdioPolicy');
  const server = { command: t.command, args: [...(t.args ?? [])], ...(t.env ? { env: { ...t.env } } : {}) };
  return {
    name,
    code: [
      `const ${name} = new McpConnection(() => {`,
      '    // the runtime\'s rule: a command name or an exact argv of network.allowStdio; inline code only by its exact argv',
      `    assertStdioAllowed(${literal(server, '    ', 23)}, options.network?.allowStdio);`,
      `    return ${create(4, 11)};`,
      '  });',
    ].join('\n'),
  };
}

/** MCPTool: called on its MCP server through the SDK's MCP classes by mcpRequest (its retry_policy, else its transport's); text content verbatim for one string output, else JSON. */
export const emitMcpTool: ToolEmitter<MCPTool> = (w, spec) => {
  const server = connection(w, spec.client_transport);
  w.use('coerceArgs');
  w.use('toolResultText');
  w.use('mcpValue');
  const base = w.toolIdentifier(spec.name);
  const outputs = spec.outputs ?? [];
  const as = isSingleStringOutput(outputs) ? 'text' : outputs.length === 0 ? 'any' : 'json';
  const emitted = emitFunctionTool(w, spec, base, {
    doc: `${spec.name} (MCPTool): called on the MCP server '${spec.client_transport.name}'.`,
    factory: 'server: McpConnection',
    needsApproval: spec.requires_confirmation === true,
    execute: [
      'async (args, _runContext, details) => {',
      '  const request: McpRequest = {',
      `    tool: ${str(spec.name)},`,
      `    server: ${str(spec.client_transport.name)},`,
      ...mcpRequestFields(spec, '    '),
      '    signal: details?.signal,',
      '  };',
      `  const result = await server.callTool(request, coerceArgs(args, ${base}Parameters));`,
      `  return toolResultText(mcpValue(result, '${as}'));`,
      '}',
    ].join('\n'),
  });
  return {
    code: emitted.code,
    expression: `${emitted.name}(${server.name})`,
    ...(server.code ? { setup: { name: server.name, code: server.code, close: `${server.name}.close()` } } : {}),
  };
};
