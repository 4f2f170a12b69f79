import { comp, IO_FIELDS, str } from '../../model/fields.js';
import type { ComponentHandler, Draft } from '../handler.js';
import { bool, nstr, obj, retryPolicy } from './fields.js';

function noIO(d: Draft): void {
  d.inputs ??= [];
  d.outputs ??= [];
}

const requiresConfirmation = bool('requires_confirmation', { default: false });

export const builtinTool: ComponentHandler = {
  type: 'BuiltinTool',
  summary: 'A tool the runtime provides itself (code interpreter, search, …), named by tool_type.',
  fields: [
    ...IO_FIELDS,
    requiresConfirmation,
    { name: 'tool_type', type: str, required: true },
    obj('configuration'),
    { name: 'executor_name', type: { kind: 'string-or-list' }, nullable: true },
    nstr('tool_version'),
  ],
  infer: noIO,
};

export const mcpToolSpec: ComponentHandler = {
  type: 'MCPToolSpec',
  summary: 'The expected signature of one tool of an MCPToolBox.',
  fields: [...IO_FIELDS, requiresConfirmation],
  infer: noIO,
};

export const mcpToolBox: ComponentHandler = {
  type: 'MCPToolBox',
  summary: 'Every tool of an MCP server (or those tool_filter names), reached through its client transport.',
  fields: [
    { name: 'client_transport', type: comp('ClientTransport'), required: true },
    { name: 'tool_filter', type: { kind: 'component-or-string-list', family: 'MCPToolSpec' }, nullable: true },
    bool('requires_confirmation', { default: false, since: '26.1.2' }),
    { ...retryPolicy, since: '26.3.1' },
  ],
};
