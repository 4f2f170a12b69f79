import type { ServerTool } from '@agentspec/core';
import { member, str } from '@agentspec/runtime/emit';
import type { ToolEmitter } from './tool-emitter.js';
import { emitFunctionTool } from './function-tool.js';

/** ServerTool: runs the implementation given to build() under its name; a throw fails the run (AS_TOOL_FAILED). */
export const emitServerTool: ToolEmitter<ServerTool> = (w, spec) => {
  w.use('coerceArgs');
  w.use('toolResultText');
  w.use('toolFailed');
  const base = w.toolIdentifier(spec.name);
  const emitted = emitFunctionTool(w, spec, base, {
    doc: `${spec.name} (ServerTool): runs your implementation, options.tools${member(spec.name)}.`,
    factory: 'implementation: ToolImplementation',
    needsApproval: spec.requires_confirmation === true,
    execute: [
      'async (args) => {',
      '  try {',
      `    return toolResultText(await implementation(coerceArgs(args, ${base}Parameters)));`,
      '  } catch (error) {',
      `    throw toolFailed(${str(spec.name)}, error);`,
      '  }',
      '}',
    ].join('\n'),
  });
  return { code: emitted.code, expression: `${emitted.name}(options.tools${member(spec.name)})`, serverTool: spec.name };
};
