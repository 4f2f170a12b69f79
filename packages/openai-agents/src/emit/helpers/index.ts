import { EMIT_SNIPPETS } from '@agentspec/runtime';
import { notStrict, shared, toolFailed, toolParameters } from './base.js';
import type { Helper, HelperName } from './helper.js';
import { httpCall } from './http.js';
import { mcpServer, mcpValue } from './mcp.js';
import { chatModel, checkToolCalls, responsesModel } from './models.js';
import { respondToClientTool, runData } from './run-data.js';

/** Every helper the emitted module may need, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: { readonly [K in HelperName]: Helper } = {
  respondToClientTool,
  codedError: shared('codedError'),
  toolParameters,
  notStrict,
  toolResultText: shared('toolResultText'),
  submissionProblem: shared('submissionProblem'),
  toolFailed,
  valueText: shared('valueText'),
  renderTemplate: shared('renderTemplate'),
  renderDeep: shared('renderDeep'),
  coerceArgs: shared('coerceArgs'),
  coerce: shared('coerce'),
  isObject: shared('isObject'),
  runData,
  checkToolCalls,
  chatModel,
  responsesModel,
  httpCall,
  mcpServer,
  mcpValue,
};

/** Top-level names the helpers declare (the emitter gives other declarations different names). */
export const HELPER_DECLARATIONS = [
  ...Object.values(EMIT_SNIPPETS).flatMap((s) => s.declares), 'ToolParameters', 'notStrict', 'toolFailed', 'RunData', 'runData', 'respondToClientTool',
  'checkToolCalls', 'CheckedChatCompletionsModel', 'CheckedResponsesModel', 'HttpRequest', 'HttpOptions', 'httpCall', 'checkedUrl', 'appendParams',
  'encodeBody', 'decodeBody', 'McpConnection', 'mcpValue',
];

export type { Helper, HelperName } from './helper.js';
