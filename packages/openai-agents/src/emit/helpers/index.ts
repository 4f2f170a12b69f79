import { EMIT_SNIPPETS } from '@agentspec/runtime';
import type { ModuleHelpers } from '@agentspec/runtime/emit';
import { notStrict, toolFailed, toolParameters } from './base.js';
import type { HelperName } from './helper.js';
import { mcpServer, mcpValue } from './mcp.js';
import { chatModel, checkToolCalls, responsesModel } from './models.js';
import { respondToClientTool, runData } from './run-data.js';
import { messageTransforms } from './transforms.js';

/** Every helper the emitted module may need, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: ModuleHelpers<HelperName> = {
  respondToClientTool,
  ...EMIT_SNIPPETS,
  toolParameters,
  notStrict,
  toolFailed,
  runData,
  checkToolCalls,
  chatModel,
  responsesModel,
  mcpServer,
  mcpValue,
  messageTransforms,
};

export type { Helper, HelperName } from './helper.js';
