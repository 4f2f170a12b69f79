import type { ClientTransport, Known, MCPTool, Property } from '@agentspec/core';
import { admitted, unsupportedComponent } from '@agentspec/runtime';
import { commentText, key, literal, mcpRequestFields, str } from '@agentspec/runtime/emit';
import { AI_SDK_CAPABILITIES } from '../../capabilities.js';
import { declarationName, definitionLines, parametersConstant, toolDoc, toolNames, useToolBasics, type ToolEmitContext, type ToolEmitter } from './context.js';

const SDK = '@modelcontextprotocol/sdk/client';

/**
 * An MCPTool: called on its MCP server with the official SDK
 * (`@modelcontextprotocol/sdk`), one client per server, connected on first
 * use and closed by `close()`, each call made by the shared mcpRequest
 * snippet (the runtime's retries under the tool's retry_policy, else its
 * transport's, and its error codes). A single string output is the text of
 * the result verbatim; other outputs its structured content or its text
 * parsed as JSON; an error result fails the tool.
 */
export const emitMcpTool: ToolEmitter = (spec, ctx) => {
  const mcp = spec as MCPTool;
  useToolBasics(ctx);
  ctx.w.use('coerceArgs');
  ctx.w.use('toolText');
  ctx.w.use('mcp');
  const { fn, parameters } = toolNames(spec, ctx);
  const stdio = admitted(mcp.client_transport).component_type === 'StdioTransport';
  const transport = transportFunction(admitted(mcp.client_transport), ctx);
  const read = singleStringOutput(spec.outputs ?? []) || (spec.outputs ?? []).length === 0 ? 'mcpText' : 'mcpValue';
  if (read === 'mcpValue') ctx.w.use('mcpValue');
  ctx.w.section([
    parametersConstant(parameters, spec.inputs, commentText(spec.name)),
    '',
    toolDoc(spec, `Called on the MCP server ${commentText(mcp.client_transport.name ?? mcp.client_transport.id)}.`),
    `function ${fn}(mcp: McpClients${stdio ? ", allowStdio: BuildOptions['allowStdio']" : ''}): Tool {`,
    '  return tool({',
    ...definitionLines(spec, parameters, '    '),
    '    execute: async (args: Args, { abortSignal }) => {',
    '      const request: McpRequest = {',
    `        tool: ${str(spec.name)},`,
    `        server: ${str(mcp.client_transport.name ?? mcp.client_transport.id)},`,
    ...mcpRequestFields(mcp, '        '),
    '        signal: abortSignal,',
    '      };',
    `      const link = mcp.link(${str(mcp.client_transport.id)}, ${stdio ? `() => ${transport}(allowStdio)` : transport});`,
    `      const result = await mcpRequest(request, link, (client, signal) => client.callTool({ name: ${str(spec.name)}, arguments: coerceArgs(args, ${parameters}) }, undefined, { signal }));`,
    `      return ${read}(result, ${str(spec.name)});`,
    '    },',
    '    toModelOutput: toolText,',
    '  });',
    '}',
  ].join('\n'));
  return stdio ? { expression: `${fn}(mcp, options.allowStdio)`, needs: ['mcp', 'stdio'] } : { expression: `${fn}(mcp)`, needs: ['mcp'] };
};

function singleStringOutput(outputs: readonly Property[]): boolean {
  if (outputs.length !== 1) return false;
  const type = (outputs[0] as Property).type;
  return type === 'string' || (Array.isArray(type) && type.length > 0 && type.every((t) => t === 'string' || t === 'null'));
}

const transports = new WeakMap<ToolEmitContext['w'], Map<string, string>>();

/** The function creating the SDK transport of a ClientTransport component, written once per transport id. */
function transportFunction(t: Known<ClientTransport>, ctx: ToolEmitContext): string {
  const known = transports.get(ctx.w) ?? new Map<string, string>();
  transports.set(ctx.w, known);
  const existing = known.get(t.id);
  if (existing) return existing;
  const name = declarationName(t.name || t.id, 'Transport', ctx.w);
  known.set(t.id, name);
  ctx.w.importType('@modelcontextprotocol/sdk/shared/transport.js', 'Transport');
  const doc = `/** The MCP server ${commentText(t.name ?? t.id)} (${t.component_type}). */`;
  switch (t.component_type) {
    case 'StreamableHTTPTransport':
    case 'SSETransport': {
      const cls = t.component_type === 'SSETransport' ? 'SSEClientTransport' : 'StreamableHTTPClientTransport';
      ctx.w.import(`${SDK}/${t.component_type === 'SSETransport' ? 'sse' : 'streamableHttp'}.js`, cls);
      const headers = t.headers && Object.keys(t.headers).length > 0 ? `, { requestInit: { headers: ${literal(t.headers, '  ')} } }` : '';
      ctx.w.section(`${doc}\nfunction ${name}(): Transport {\n  return new ${cls}(new URL(${str(t.url)})${headers});\n}`);
      return name;
    }
    case 'StdioTransport': {
      ctx.w.import(`${SDK}/stdio.js`, 'getDefaultEnvironment', 'StdioClientTransport');
      ctx.w.use('stdioPolicy');
      const server = { command: t.command, args: [...(t.args ?? [])], ...(t.env ? { env: t.env } : {}) };
      const fields = [
        `    command: ${str(t.command)},`,
        `    args: ${literal(t.args ?? [], '    ')},`,
        `    env: { ...getDefaultEnvironment()${Object.entries(t.env ?? {}).map(([k, v]) => `, ${key(k)}: ${str(v)}`).join('')} },`,
        ...(t.cwd ? [`    cwd: ${str(t.cwd)},`] : []),
      ];
      ctx.w.section([
        `${doc.slice(0, -3)} Started only when \`allowStdio\` allows its command line (AS_HTTP_REFUSED). */`,
        `function ${name}(allowStdio: BuildOptions['allowStdio']): Transport {`,
        `  assertStdioAllowed(${literal(server, '  ', 21)}, allowStdio);`,
        `  return new StdioClientTransport({\n${fields.join('\n')}\n  });`,
        '}',
      ].join('\n'));
      return name;
    }
    default:
      throw unsupportedComponent(t, AI_SDK_CAPABILITIES.emit);
  }
}
