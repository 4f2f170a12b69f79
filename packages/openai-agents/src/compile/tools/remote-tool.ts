import type { RemoteTool } from '@agentspec/core';
import { callHttp } from '@agentspec/runtime';
import { coerceArgs } from './coerce-args.js';
import { specTool } from './function-tool.js';
import type { ToolCompiler } from './tool-context.js';

/** RemoteTool: the HTTP call of the runtime (templating, SSRF guard, retries); its decoded body is the result. */
export const compileRemoteTool: ToolCompiler<RemoteTool> = (tool, { agent, network, http }) =>
  specTool(tool, tool.requires_confirmation === true, (args, _runContext, _callId, signal) =>
    callHttp(tool, coerceArgs(tool, args), { network, ...http, ...(signal ? { signal } : {}), site: { agent: agent.id, tool: tool.name } }));
