import type { ClientTool } from '@agentspec/core';
import { str } from '@agentspec/runtime/emit';
import { toolFunction, toolHead } from './common.js';
import type { ToolEmitter } from './types.js';

/**
 * ClientTool: the caller runs it. The tool suspends the agent with the call
 * (`{ agentspec: 'tool_request', name, args }`); resuming with `{ content }`
 * gives the result to the LLM.
 */
export const clientTool: ToolEmitter<ClientTool> = (tool, m, fn) => {
  const lines = [
    ...toolHead(tool, m),
    '    // a tool that may suspend makes Mastra run the calls of a turn one at a time, in order',
    '    suspendSchema: { type: \'object\' },',
    '    resumeSchema: { type: \'object\', properties: { content: {} } },',
    '    execute: async (args, context) => {',
    '      const resumed = context?.agent?.resumeData as { content?: unknown } | undefined;',
    '      if (resumed && \'content\' in resumed) return resumed.content ?? null;',
    `      return context?.agent?.suspend({ agentspec: 'tool_request', name: ${str(tool.name)}, args });`,
    '    },',
  ];
  return {
    declaration: toolFunction(tool, fn, '', lines, 'The caller runs it: the agent suspends with the call until it is resumed with `{ content }`.'),
    create: `${fn}()`,
  };
};
