import type { ServerTool } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import { coerceArgs } from './coerce-args.js';
import { specTool } from './function-tool.js';
import type { ToolCompiler } from './tool-context.js';

/** ServerTool: runs the implementation registered under its name; a throw fails the run with AS_TOOL_FAILED. */
export const compileServerTool: ToolCompiler<ServerTool> = (tool, { agent, registry }) =>
  specTool(tool, tool.requires_confirmation === true, async (args) => {
    const site = { agent: agent.id, tool: tool.name };
    const impl = Object.hasOwn(registry, tool.name) ? registry[tool.name] : undefined;
    if (!impl) throw new RuntimeError('AS_MISSING_TOOL', `no implementation registered for ServerTool '${tool.name}'`, site);
    try {
      return await impl(coerceArgs(tool, args));
    } catch (e) {
      throw new RuntimeError('AS_TOOL_FAILED', `tool '${tool.name}' threw: ${(e as Error).message ?? String(e)}`, site, { cause: e });
    }
  });
