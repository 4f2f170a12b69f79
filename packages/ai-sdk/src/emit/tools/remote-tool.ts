import type { RemoteTool } from '@agentspec/core';
import { hostIsTemplated } from '@agentspec/runtime';
import { commentText, httpPolicyFields, literal, member } from '@agentspec/runtime/emit';
import { renderedLiteral, templateExpression } from '../template.js';
import { declarationName, definitionLines, parametersConstant, toolDoc, toolNames, useToolBasics, type ToolEmitter } from './context.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);
}

/** No `data` to write: none, or an empty object with a method that sends none then. */
function noBody(method: string, data: unknown): boolean {
  if (data === null || data === undefined) return true;
  return !method.includes('{{') && (method === 'GET' || method === 'HEAD' || (isEmpty(data) && typeof data === 'object' && !BODY_METHODS.has(method)));
}

/**
 * A RemoteTool: its request (URL, query parameters, headers and data rendered
 * from the coerced arguments) sent by the shared `httpCall` (the runtime's
 * rules: SSRF guard against `allowHosts`, redirect hops, body cap,
 * url_allow_list, retries); the decoded response body is the result.
 */
export const emitRemoteTool: ToolEmitter = (spec, ctx) => {
  const remote = spec as RemoteTool;
  useToolBasics(ctx);
  ctx.w.use('coerceArgs');
  ctx.w.use('toolText');
  ctx.w.use('httpCall');
  const { fn, parameters } = toolNames(spec, ctx);
  const request = declarationName(spec.name, 'Request', ctx.w);
  const valueOf = (name: string): string => `args${member(name)}`;
  const methodTemplate = remote.http_method || 'GET';
  const method = methodTemplate.trim().toUpperCase();
  const fields = { method: methodTemplate, url: remote.url, query: remote.query_params, headers: remote.headers, data: noBody(method, remote.data) ? undefined : remote.data };
  const templated = JSON.stringify(fields).includes('{{');
  if (templated) ctx.w.use('valueText');
  const field = (name: string, value: unknown): string[] => (isEmpty(value) ? [] : [`    ${name}: ${renderedLiteral(value, valueOf, '    ')},`]);
  ctx.w.section([
    parametersConstant(parameters, spec.inputs, commentText(spec.name)),
    '',
    toolDoc(spec, `${commentText(method)} ${commentText(remote.url)}: the response body is the result.`),
    `function ${fn}(http: HttpOptions): Tool {`,
    '  return tool({',
    ...definitionLines(spec, parameters, '    '),
    `    execute: async (args: Args, { abortSignal }) => httpCall(${request}(coerceArgs(args, ${parameters})), http, abortSignal),`,
    '    toModelOutput: toolText,',
    '  });',
    '}',
    '',
    `/** The HTTP request of ${commentText(spec.name)}, rendered from its arguments. */`,
    `function ${request}(${templated ? 'args' : '_args'}: Args): HttpRequest {`,
    '  return {',
    `    method: ${methodTemplate.includes('{{') ? templateExpression(methodTemplate, valueOf) : literal(method)},`,
    `    url: ${templateExpression(remote.url, valueOf)},`,
    `    templatedHost: ${hostIsTemplated(remote.url)},`,
    ...field('query', fields.query),
    ...field('headers', fields.headers),
    ...(fields.data === undefined ? [] : [`    data: ${renderedLiteral(fields.data, valueOf, '    ')},`]),
    ...httpPolicyFields(remote, '    '),
    '  };',
    '}',
  ].join('\n'));
  return { expression: `${fn}({ allow: options.allowHosts, lookup: options.lookupHost, ...options.http })`, needs: ['http'] };
};
