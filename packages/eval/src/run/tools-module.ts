import { pathToFileURL } from 'node:url';
import type { ToolRegistry } from '@agentspec/runtime';
import { EvalError } from '../errors.js';

/** The ServerTool implementations a module exports (`tools`, or its default export), imported with `loadModule` (default `import()`). */
export async function toolsFromModule(path: string, loadModule?: (path: string) => Promise<Record<string, unknown>>): Promise<ToolRegistry> {
  let mod: Record<string, unknown>;
  try {
    mod = loadModule ? await loadModule(path) : ((await import(pathToFileURL(path).href)) as Record<string, unknown>);
  } catch (e) {
    throw new EvalError('AS_EVAL_CONFIG', `cannot load the tools module ${path}: ${(e as Error).message}`);
  }
  const tools = (mod.tools ?? mod.default) as unknown;
  if (typeof tools !== 'object' || tools === null || Object.values(tools).some((f) => typeof f !== 'function')) {
    throw new EvalError('AS_EVAL_CONFIG', `${path} must export tools (or a default export): an object of functions by tool name`);
  }
  return tools as ToolRegistry;
}
