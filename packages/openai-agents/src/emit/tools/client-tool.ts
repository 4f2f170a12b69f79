import type { ClientTool } from '@agentspec/core';
import { str } from '@agentspec/runtime/emit';
import type { ToolEmitter } from './tool-emitter.js';
import { emitFunctionTool } from './function-tool.js';

/**
 * ClientTool: never runs here. Each call interrupts the run like a tool that
 * needs approval; `respondToClientTool(state, item, result)` records the
 * result in the run context and approves, and the tool returns it when the run
 * resumes (as compileOpenAiAgents does, so openaiAgentsRuntime() drives both alike).
 */
export const emitClientTool: ToolEmitter<ClientTool> = (w, spec) => {
  w.use('runData');
  w.use('toolResultText');
  w.use('respondToClientTool');
  const base = w.toolIdentifier(spec.name);
  const unanswered = `ClientTool '${spec.name}' was approved without a result: answer it with respondToClientTool(state, item, result)`;
  const emitted = emitFunctionTool(w, spec, base, {
    doc: `${spec.name} (ClientTool): the run stops at each call (an interruption); answer it with respondToClientTool().`,
    needsApproval: true,
    execute: [
      'async (_args, runContext, details) => {',
      '  const results = runData(runContext).clientResults;',
      "  const callId = details?.toolCall?.callId ?? '';",
      `  if (!Object.hasOwn(results, callId)) throw new CodedError('AS_INVALID_STATE', ${str(unanswered)});`,
      '  return toolResultText(results[callId]);',
      '}',
    ].join('\n'),
  });
  return { code: emitted.code, expression: emitted.name };
};
