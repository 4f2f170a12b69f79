import { EMIT_SNIPPETS } from '@agentspec/runtime';
import type { ModuleHelpers } from '@agentspec/runtime/emit';
import { notStrict, toolFailed, toolParameters } from './base.js';
import type { HelperName } from './helper.js';
import { httpCall } from './http.js';
import { mcpServer, mcpValue } from './mcp.js';
import { chatModel, checkToolCalls, responsesModel } from './models.js';
import { respondToClientTool, runData } from './run-data.js';

/** Every helper the emitted module may need, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: ModuleHelpers<HelperName> = {
  respondToClientTool,
  codedError: EMIT_SNIPPETS.codedError,
  toolParameters,
  notStrict,
  toolResultText: EMIT_SNIPPETS.toolResultText,
  submissionProblem: EMIT_SNIPPETS.submissionProblem,
  toolFailed,
  valueText: EMIT_SNIPPETS.valueText,
  renderTemplate: EMIT_SNIPPETS.renderTemplate,
  renderDeep: EMIT_SNIPPETS.renderDeep,
  coerceArgs: EMIT_SNIPPETS.coerceArgs,
  coerce: EMIT_SNIPPETS.coerce,
  isObject: EMIT_SNIPPETS.isObject,
  runData,
  checkToolCalls,
  chatModel,
  responsesModel,
  httpCall,
  mcpServer,
  mcpValue,
};

export type { Helper, HelperName } from './helper.js';
