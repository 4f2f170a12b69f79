import type { ServerTool } from '@agentspec/core';
import { member, str } from '@agentspec/runtime/emit';
import { toolFunction, toolHead } from './common.js';
import type { ToolEmitter } from './types.js';

/** ServerTool: runs the implementation given to `build` (`options.tools.<name>`), never code from the spec. */
export const serverTool: ToolEmitter<ServerTool> = (tool, m, fn) => {
  m.use('runTool');
  const lines = [
    ...toolHead(tool, m),
    `    execute: (args, context) => runTool(${str(tool.name)}, context, () => implementation(args)),`,
  ];
  return {
    declaration: toolFunction(tool, fn, 'implementation: ToolImplementation', lines, `Runs \`options.tools${member(tool.name)}\`; a failure ends the run (AS_TOOL_FAILED).`),
    create: `${fn}(options.tools${member(tool.name)})`,
  };
};
