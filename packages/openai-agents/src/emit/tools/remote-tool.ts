import type { RemoteTool } from '@agentspec/core';
import { hostIsTemplated } from '@agentspec/runtime';
import { httpPolicyFields, literal, str } from '@agentspec/runtime/emit';
import type { AgentModule as ModuleWriter } from '../agent-module.js';
import type { ToolEmitter } from './tool-emitter.js';
import { emitFunctionTool } from './function-tool.js';

/** A request field rendered with the arguments: a literal when it has no placeholder. */
function rendered(w: ModuleWriter, value: unknown, column: number): string {
  const hasPlaceholder = JSON.stringify(value ?? null).includes('{{');
  if (!hasPlaceholder) return literal(value, '    ', column);
  if (typeof value === 'string') {
    w.use('renderTemplate');
    return `renderTemplate(${str(value)}, values)`;
  }
  w.use('renderDeep');
  return `renderDeep(${literal(value, '    ', column + 11)}, values)`;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);
}

/** No `data` to write: none, or an empty object with a method that sends none then. */
function noBody(spec: RemoteTool): boolean {
  if (spec.data === null || spec.data === undefined) return true;
  const method = (spec.http_method || 'GET').trim().toUpperCase();
  return isEmpty(spec.data) && typeof spec.data === 'object' && !['POST', 'PUT', 'PATCH'].includes(method);
}

/** RemoteTool: an HTTP call with fetch, rendered from the arguments; the decoded response body is the result. */
export const emitRemoteTool: ToolEmitter<RemoteTool> = (w, spec) => {
  w.use('coerceArgs');
  w.use('toolResultText');
  w.use('httpCall');
  const base = w.toolIdentifier(spec.name);
  const methodTemplate = spec.http_method || 'GET';
  const method = methodTemplate.includes('{{')
    ? (w.use('renderTemplate'), `renderTemplate(${str(methodTemplate)}, values).trim().toUpperCase()`)
    : str(methodTemplate.trim().toUpperCase());
  const request = [
    `    method: ${method},`,
    `    url: ${rendered(w, spec.url, 9)},`,
    `    templatedHost: ${hostIsTemplated(spec.url)},`,
    ...(isEmpty(spec.query_params) ? [] : [`    query: ${rendered(w, spec.query_params, 11)},`]),
    ...(isEmpty(spec.headers) ? [] : [`    headers: ${rendered(w, spec.headers, 13)},`]),
    ...(noBody(spec) ? [] : [`    data: ${rendered(w, spec.data, 10)},`]),
    ...httpPolicyFields(spec, '    '),
  ];
  // a URL with no placeholder reads no argument: the arguments are still checked
  const usesValues = [method, ...request].some((line) => /\bvalues\b/.test(line));
  const emitted = emitFunctionTool(w, spec, base, {
    doc: `${spec.name} (RemoteTool): ${(spec.http_method || 'GET').toUpperCase()} ${spec.url}, rendered from the arguments.`,
    factory: 'http: HttpOptions',
    needsApproval: spec.requires_confirmation === true,
    execute: [
      'async (args, _runContext, details) => {',
      usesValues ? `  const values = coerceArgs(args, ${base}Parameters);` : `  coerceArgs(args, ${base}Parameters);`,
      '  const request: HttpRequest = {',
      ...request,
      '  };',
      '  return toolResultText(await httpCall(request, http, details?.signal));',
      '}',
    ].join('\n'),
  });
  return { code: emitted.code, expression: `${emitted.name}({ allow: options.network?.allow, lookup: options.network?.lookup, ...options.http })` };
};
