import type { RemoteTool } from '@agentspec/core';
import { hostIsTemplated, isFormType } from '@agentspec/runtime';
import { commentText, key, member, str } from '@agentspec/runtime/emit';
import { renderedLiteral, templateExpression } from '../template.js';
import { declarationName, definitionLines, parametersConstant, toolDoc, toolNames, useToolBasics, type ToolEmitter } from './context.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A RemoteTool: a readable `fetch` of its URL, query parameters, headers and
 * data rendered from the (coerced) arguments; the response body (JSON or
 * text) is the result, an error status fails the tool. A URL whose host comes
 * from an argument is checked against `options.allowHosts` first.
 */
export const emitRemoteTool: ToolEmitter = (spec, ctx) => {
  const remote = spec as RemoteTool;
  useToolBasics(ctx);
  ctx.w.use('coerceArgs');
  ctx.w.use('toolText');
  ctx.w.use('httpBody');
  const { fn, parameters } = toolNames(spec, ctx);
  const call = declarationName(spec.name, 'Request', ctx.w);
  const valueOf = (name: string): string => `args${member(name)}`;
  const guarded = hostIsTemplated(remote.url);
  if (guarded) ctx.w.use('allowedHost');
  const templated = remote.url.includes('{{') || JSON.stringify([remote.query_params, remote.headers, remote.data]).includes('{{');
  if (templated) ctx.w.use('valueText');
  const method = (remote.http_method || 'GET').trim().toUpperCase();
  if (method.includes('{{')) ctx.w.warnings.push({ kind: 'approximated', component: spec.id, message: `the HTTP method of RemoteTool '${spec.name}' is a template: it is sent as written` });
  const urlExpr = templateExpression(remote.url, valueOf);
  const lines = [
    guarded ? `  const url = checkHost(new URL(${urlExpr}), allowHosts, ${str(spec.name)});` : `  const url = new URL(${urlExpr});`,
    ...queryLines(remote.query_params, valueOf),
  ];
  const headers = headerEntries(remote.headers, valueOf);
  const body = bodyExpression(method, remote.data, remote.headers, valueOf);
  if (body?.contentType && !headers.some(([name]) => name === str('content-type'))) headers.push([str('content-type'), str(body.contentType)]);
  const init = [
    `    method: ${str(method)},`,
    ...(headers.length > 0 ? ['    headers: {', ...headers.map(([n, v]) => `      ${n}: ${v},`), '    },'] : []),
    ...(body ? [`    body: ${body.expression},`] : []),
    '    signal,',
  ];
  const allowParam = guarded ? ', allowHosts: readonly string[] | undefined' : '';
  ctx.w.section([
    parametersConstant(parameters, spec.inputs, commentText(spec.name)),
    '',
    toolDoc(spec, `${commentText(method)} ${commentText(remote.url)}: the response body is the result.`),
    `function ${fn}(${guarded ? 'allowHosts: readonly string[] | undefined' : ''}): Tool {`,
    '  return tool({',
    ...definitionLines(spec, parameters, '    '),
    `    execute: async (args: Args, { abortSignal }) => ${call}(coerceArgs(args, ${parameters}), abortSignal${guarded ? ', allowHosts' : ''}),`,
    '    toModelOutput: toolText,',
    '  });',
    '}',
    '',
    `/** The HTTP call of ${commentText(spec.name)}, rendered from its arguments. */`,
    `async function ${call}(${templated ? 'args' : '_args'}: Args, signal: AbortSignal | undefined${allowParam}): Promise<unknown> {`,
    ...lines,
    '  const response = await fetch(url, {',
    ...init,
    '  });',
    `  return httpBody(response, ${str(spec.name)});`,
    '}',
  ].join('\n'));
  return { expression: `${fn}(${guarded ? 'options.allowHosts' : ''})`, ...(guarded ? { needs: ['allowHosts'] as const } : {}) };
};

/** `url.searchParams.append(…)` per query parameter: lists repeat the key, null is left out, other values as JSON text. */
function queryLines(query: unknown, valueOf: (name: string) => string): string[] {
  if (query === null || typeof query !== 'object') return [];
  const out: string[] = [];
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    const nameExpr = templateExpression(name, valueOf);
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === null || v === undefined) continue;
      out.push(`  url.searchParams.append(${nameExpr}, ${paramValue(v, valueOf)});`);
    }
  }
  return out;
}

function paramValue(value: unknown, valueOf: (name: string) => string): string {
  return typeof value === 'string' ? templateExpression(value, valueOf) : str(JSON.stringify(value));
}

/** Header names lower-cased, values rendered; null values left out. */
function headerEntries(headers: unknown, valueOf: (name: string) => string): [string, string][] {
  if (headers === null || typeof headers !== 'object') return [];
  return Object.entries(headers as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([name, value]) => {
      const lower = name.trim().toLowerCase();
      return [lower.includes('{{') ? `[${templateExpression(lower, valueOf)}]` : key(lower), paramValue(value, valueOf)];
    });
}

/** The request body (DESIGN §4.2): none for GET/HEAD or no data; a string as is; a form for a form content type; else JSON. */
function bodyExpression(method: string, data: unknown, headers: unknown, valueOf: (name: string) => string): { expression: string; contentType?: string } | undefined {
  if (method === 'GET' || method === 'HEAD' || data === undefined || data === null) return undefined;
  if (typeof data === 'string') return { expression: templateExpression(data, valueOf) };
  const isEmpty = typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 0;
  if (isEmpty && !BODY_METHODS.has(method)) return undefined;
  const contentType = Object.entries((headers ?? {}) as Record<string, unknown>).find(([n]) => n.trim().toLowerCase() === 'content-type')?.[1];
  const rendered = renderedLiteral(data, valueOf, '    ');
  if (typeof data === 'object' && isFormType(typeof contentType === 'string' ? contentType : undefined)) {
    return { expression: `new URLSearchParams(Object.entries(${rendered}).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]))` };
  }
  return { expression: `JSON.stringify(${rendered})`, contentType: 'application/json' };
}
