import type { ToolNode } from '@agentspec/core';
import { mapHttpResult, mapToolResult, RuntimeError } from '@agentspec/runtime';
import { inSpan } from '../../../events.js';
import { single } from './simple.js';

/**
 * ToolNode: a tool with `requires_confirmation` suspends the workflow for a
 * decision first (a rejection fails the run with AS_TOOL_FAILED); a
 * ClientTool suspends for its result; other tools run. The result is mapped
 * to the outputs (a RemoteTool's like an ApiNode's).
 */
export const toolNode = single<ToolNode>(async (node, inputs, exec) => {
  const tool = node.tool;
  const site = { node: node.id, tool: tool.name };
  const request = { id: `${node.id}#${exec.frame.shared.steps}`, name: tool.name, args: inputs };
  const suspended = exec.params.suspendData?.agentspec;
  const answers = exec.params.resumeData;
  const stage = (suspended?.state as { stage?: string } | undefined)?.stage;
  const messages = exec.frame.shared.messages;
  if (tool.requires_confirmation && stage !== 'result') {
    const d = answers?.decisions?.[request.id];
    if (!d) return { suspend: { type: 'tool_confirmation', requests: [request], messages, state: { stage: 'confirm' } } };
    exec.hooks?.events?.emit('ToolConfirmationResponse', 'run', tool.name, { tool_call_id: request.id, decision: d.decision, reason: d.reason ?? null });
    if (d.decision === 'reject') throw new RuntimeError('AS_TOOL_FAILED', `the user rejected the call${d.reason ? `: ${d.reason}` : ''}`, site);
  }
  let result: unknown;
  if (tool.component_type === 'ClientTool') {
    if (stage !== 'result' || !answers?.results || !Object.hasOwn(answers.results, request.id)) {
      return { suspend: { type: 'tool_request', requests: [request], messages, state: { stage: 'result' } } };
    }
    result = answers.results[request.id];
  } else {
    const signal = exec.hooks?.signal;
    result = await inSpan(exec.hooks?.events, 'ToolExecutionRequest', 'ToolExecutionResponse', tool.name, { tool: tool.id, inputs },
      () => exec.fc.ctx.runner.run(tool, inputs, site, signal), (r) => ({ outputs: r }));
  }
  return { outputs: tool.component_type === 'RemoteTool' ? mapHttpResult(result, node.outputs, site) : mapToolResult(result, node.outputs, site) };
});
