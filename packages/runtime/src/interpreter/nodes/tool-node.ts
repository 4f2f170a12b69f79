import type { ToolNode } from '@agentspec/core';
import { RuntimeError } from '../../errors.js';
import { mapHttpResult } from '../../http/index.js';
import { mapToolResult } from '../../semantics/tool-results.js';
import type { NodeExecutor } from './types.js';

/** ToolNode: confirm when required, then run the tool (or ask the caller for a ClientTool) and map its result. */
export const toolNode: NodeExecutor<ToolNode> = async (node, inputs, scope) => {
  const tool = node.tool;
  const exec = scope.exec;
  const site = { node: node.id, tool: tool.name };
  const request = { id: `${node.id}:${scope.key('call')}`, name: tool.name, args: inputs };
  if (tool.requires_confirmation) {
    const d = scope.decisions([request])[request.id];
    if (d?.decision === 'reject') throw new RuntimeError('AS_TOOL_FAILED', `the user rejected the call${d.reason ? `: ${d.reason}` : ''}`, site);
  }
  let result: unknown;
  if (tool.component_type === 'ClientTool') {
    result = scope.toolResults([request])[request.id];
  } else {
    const entry = await scope.span('ToolExecutionRequest', 'ToolExecutionResponse', tool.name, { tool: tool.id, inputs }, (ts) =>
      ts.effect('tool', async () => ({ kind: 'tool' as const, result: await exec.services.toolRunner.run(tool, inputs, site, exec.services.signal) })),
    (e) => ({ outputs: e.result }));
    result = entry.result;
  }
  // a RemoteTool's result is an HTTP body: mapped like an ApiNode's (DESIGN §4.2)
  return { outputs: tool.component_type === 'RemoteTool' ? mapHttpResult(result, node.outputs, site) : mapToolResult(result, node.outputs, site) };
};
