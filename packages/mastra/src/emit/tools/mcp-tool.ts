import { admitted, isSingleStringOutput, unsupportedComponent } from '@agentspec/runtime';
import { MASTRA_CAPABILITIES } from '../../capabilities.js';
import type { MCPTool } from '@agentspec/core';
import { literal, mcpRequestFields, str } from '@agentspec/runtime/emit';
import { toolFunction, toolHead } from './common.js';
import type { ToolEmitter } from './types.js';

/** The `McpServer` literal of a transport (mTLS transports are refused: the emitted client has no mTLS). */
function server(tool: MCPTool): Record<string, unknown> {
  const t = admitted(tool.client_transport);
  switch (t.component_type) {
    case 'StdioTransport':
      return { kind: 'stdio', command: t.command, ...(t.args.length > 0 ? { args: t.args } : {}), ...(t.env ? { env: t.env } : {}), ...(t.cwd ? { cwd: t.cwd } : {}) };
    case 'SSETransport':
    case 'StreamableHTTPTransport':
      return { kind: t.component_type === 'SSETransport' ? 'sse' : 'http', url: t.url, ...(t.headers && Object.keys(t.headers).length > 0 ? { headers: t.headers } : {}) };
    default:
      throw unsupportedComponent(t, MASTRA_CAPABILITIES.emit);
  }
}

/** MCPTool: a call of the tool on its MCP server through the official SDK (`@modelcontextprotocol/sdk`), by the shared mcpRequest snippet (the tool's retry_policy, else its transport's). */
export const mcpTool: ToolEmitter<MCPTool> = (tool, m, fn) => {
  m.use('runTool');
  m.use('mcp');
  const text = isSingleStringOutput(tool.outputs ?? []);
  const lines = [
    ...toolHead(tool, m),
    `    execute: (args, context) => runTool(${str(tool.name)}, context, () => {`,
    '      const request: McpRequest = {',
    `        tool: ${str(tool.name)},`,
    `        server: ${str(tool.client_transport.name ?? tool.client_transport.id)},`,
    ...mcpRequestFields(tool, '        '),
    '        signal: context?.abortSignal,',
    '      };',
    `      return mcp.call(request, ${literal(server(tool), '      ')}, args, ${String(text)});`,
    '    }),',
  ];
  return {
    declaration: toolFunction(tool, fn, 'mcp: McpClients', lines, text ? 'Its result is the text the server answers.' : 'Its result is the JSON the server answers.'),
    create: `${fn}(mcp)`,
  };
};
