import type { ToolNode } from '@agentspec/core';
import { mapHttpResult, mapToolResult, RuntimeError, type ToolCall } from '@agentspec/runtime';
import { span } from '../../events.js';
import { askDecisions, askToolResults } from '../../interrupts.js';
import type { NodeHandler } from '../node-handler.js';

/**
 * ToolNode: asks for confirmation first when the tool requires it (a
 * rejection fails the run), then runs the tool — or, for a ClientTool, asks
 * the caller with `interrupt()` — and maps the result to the outputs.
 */
export const toolNode: NodeHandler<ToolNode> = (node, { ctx }) => {
  const tool = node.tool;
  const site = { node: node.id, tool: tool.name };
  return {
    run: async ({ inputs, messages, config, span: parent }) => {
      // the same id when the node runs again after an interrupt: the step it runs in
      const request: ToolCall = { id: `${node.id}:${String(config.metadata?.langgraph_step ?? 0)}`, name: tool.name, args: inputs };
      if (tool.requires_confirmation) {
        const d = askDecisions(node.id, [request], messages)[request.id];
        if (d?.decision === 'reject') throw new RuntimeError('AS_TOOL_FAILED', `the user rejected the call${d.reason ? `: ${d.reason}` : ''}`, site);
      }
      const result = tool.component_type === 'ClientTool'
        ? askToolResults(node.id, [request], messages)[request.id]
        : await span(config, ['ToolExecutionRequest', 'ToolExecutionResponse'], tool.name, { tool: tool.id, inputs }, parent,
          () => ctx.toolRunner.run(tool, inputs, site, config.signal), (r) => ({ outputs: r }));
      // a RemoteTool's result is an HTTP body: mapped like an ApiNode's
      return { outputs: tool.component_type === 'RemoteTool' ? mapHttpResult(result, node.outputs, site) : mapToolResult(result, node.outputs, site) };
    },
  };
};
