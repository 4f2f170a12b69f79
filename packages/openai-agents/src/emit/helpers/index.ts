import { asText, codedError, isObject, notStrict, renderDeep, renderTemplate, toolFailed, toolParameters } from './base.js';
import { coerce, coerceArgs } from './coercion.js';
import type { Helper, HelperName } from './helper.js';
import { httpCall } from './http.js';
import { mcpServer, mcpValue } from './mcp.js';
import { chatModel, checkToolCalls, responsesModel } from './models.js';
import { respondToClientTool, runData } from './run-data.js';

/** Every helper the emitted module may need, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: { readonly [K in HelperName]: Helper } = {
  respondToClientTool,
  codedError,
  toolParameters,
  notStrict,
  asText,
  toolFailed,
  renderTemplate,
  renderDeep,
  coerceArgs,
  coerce,
  isObject,
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
  'CodedError', 'ToolParameters', 'notStrict', 'isObject', 'asText', 'toolFailed', 'renderTemplate', 'renderDeep', 'coerce', 'toType',
  'coerceParts', 'fitsType', 'hasType', 'typeList', 'coerceArgs', 'RunData', 'runData', 'respondToClientTool', 'checkToolCalls',
  'CheckedChatCompletionsModel', 'CheckedResponsesModel', 'HttpRequest', 'HttpOptions', 'httpCall', 'checkedUrl', 'appendParams',
  'encodeBody', 'decodeBody', 'McpConnection', 'mcpValue',
];

export type { Helper, HelperName } from './helper.js';
