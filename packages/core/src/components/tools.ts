import { comp, HTTP_FIELDS, TOOL_FIELDS } from '../model/fields.js';
import type { RemoteTool } from '../model/types.js';
import { stringProperty } from '../semantics/properties.js';
import { checkHttpPlaceholders, httpPlaceholders } from './http-placeholders.js';
import type { ComponentHandler, Draft } from './handler.js';

function noInference(d: Draft): void {
  d.inputs ??= [];
  d.outputs ??= [];
}

export const serverTool: ComponentHandler = {
  type: 'ServerTool',
  summary: 'A tool executed by the runtime from the tools registry given at load (never code from the spec).',
  fields: TOOL_FIELDS,
  infer: noInference,
};

export const clientTool: ComponentHandler = {
  type: 'ClientTool',
  summary: 'A tool executed by the caller: the run pauses with a tool request until results are appended.',
  fields: TOOL_FIELDS,
  infer: noInference,
};

export const remoteTool: ComponentHandler = {
  type: 'RemoteTool',
  summary: 'A tool that is an HTTP call with templated url, headers, query parameters and body.',
  fields: [...TOOL_FIELDS, ...HTTP_FIELDS],
  infer(d) {
    d.inputs ??= httpPlaceholders(d).map((n) => stringProperty(n));
    d.outputs ??= [];
  },
  check(c, ctx) {
    checkHttpPlaceholders(ctx, c as RemoteTool);
  },
};

export const mcpTool: ComponentHandler = {
  type: 'MCPTool',
  summary: 'A tool of an MCP server reached through its client transport.',
  fields: [...TOOL_FIELDS, { name: 'client_transport', type: comp('ClientTransport'), required: true }],
  infer: noInference,
};
