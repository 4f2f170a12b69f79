import type { ClientTool } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import { runData } from '../run-data.js';
import { specTool } from './function-tool.js';
import type { ToolCompiler } from './tool-context.js';

/**
 * ClientTool: never runs here. Each call interrupts the run like a tool that
 * needs approval; the caller answers it with `respondToClientTool(state, item,
 * result)` (which records the result and approves), and the tool returns that
 * result to the model when the run resumes.
 */
export const compileClientTool: ToolCompiler<ClientTool> = (tool, { agent }) =>
  specTool(tool, true, async (_args, runContext, callId) => {
    const results = runData(runContext).clientResults;
    if (!Object.hasOwn(results, callId)) {
      throw new RuntimeError('AS_INVALID_STATE', `ClientTool '${tool.name}' was approved without a result`, { agent: agent.id, tool: tool.name }, {
        hint: 'answer a ClientTool interruption with respondToClientTool(state, item, result)',
      });
    }
    return results[callId];
  });
