import type { RemoteTool } from '@agentspec/core';
import { hostIsTemplated } from '@agentspec/runtime';
import { httpPolicyFields, literal, str } from '@agentspec/runtime/emit';
import { toolFunction, toolHead } from './common.js';
import type { ToolEmitter } from './types.js';

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'object' && Object.keys(v).length === 0);

/** Whether the call never sends a body (GET/HEAD, no data, `{}` unless POST/PUT/PATCH): its `data` is then left out. */
const noBody = (method: string, data: unknown) => {
  const m = method.trim().toUpperCase();
  return m === 'GET' || m === 'HEAD' || data === undefined || data === null || (isEmpty(data) && !method.includes('{{') && !['POST', 'PUT', 'PATCH'].includes(m));
};

/**
 * RemoteTool: the shared `httpCall` of the URL, headers, query and data
 * rendered from the arguments (DESIGN §4.2), with the runtime's rules (SSRF
 * guard, redirect hops, body cap, url_allow_list, retries).
 */
export const remoteTool: ToolEmitter<RemoteTool> = (tool, m, fn) => {
  m.use('runTool');
  m.use('httpCall');
  m.use('renderDeep');
  const method = tool.http_method || 'GET';
  const request = [
    `      method: ${method.includes('{{') ? `String(renderDeep(${str(method)}, args)).trim().toUpperCase()` : str(method.trim().toUpperCase())},`,
    `      url: renderDeep(${str(tool.url)}, args) as string,`,
    `      templatedHost: ${String(hostIsTemplated(tool.url))},`,
    ...(isEmpty(tool.headers) ? [] : [`      headers: renderDeep(${literal(tool.headers, '      ')}, args) as Record<string, unknown>,`]),
    ...(isEmpty(tool.query_params) ? [] : [`      query: renderDeep(${literal(tool.query_params, '      ')}, args) as Record<string, unknown>,`]),
    ...(noBody(method, tool.data) ? [] : [`      data: renderDeep(${literal(tool.data, '      ')}, args),`]),
    ...httpPolicyFields(tool, '      '),
  ];
  const lines = [
    ...toolHead(tool, m),
    `    execute: (args, context) => runTool(${str(tool.name)}, context, () => httpCall({`,
    ...request,
    '    }, { allow: options.network?.allow, lookup: options.network?.lookup, ...options.http }, context?.abortSignal)),',
  ];
  return {
    declaration: toolFunction(tool, fn, 'options: BuildOptions', lines, `${method.toUpperCase()} ${tool.url}`),
    create: `${fn}(options)`,
  };
};
