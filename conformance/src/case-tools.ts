/**
 * Tools modules (CASES.md, "Your own tools"): ServerTool implementations a
 * run gives every case (`RunConformanceOptions.tools`, `agentspec
 * conformance --tools`) and those a case names itself (`toolsModule:`, or a
 * tools.ts / tools.js beside its case.yaml). A module exports `tools` (or a
 * default export): an object of functions by tool name.
 */
import { pathToFileURL } from 'node:url';
import type { ToolRegistry } from '@agentspec/runtime';

/** Loads a tools module by absolute path. */
export type ToolsModuleLoader = (file: string) => Promise<ToolRegistry>;

/** A tools module that does not load or does not export an object of functions. */
export class ToolsModuleError extends Error {
  readonly code = 'AS_CASE_TOOLS_MODULE';
  constructor(readonly file: string, why: string) {
    super(`tools module ${file}: ${why}`);
    this.name = 'ToolsModuleError';
  }
}

/** The registry a loaded module exports: `tools`, else the default export. */
export function toolsOf(mod: Readonly<Record<string, unknown>>, file: string): ToolRegistry {
  const tools = mod.tools ?? mod.default;
  if (typeof tools !== 'object' || tools === null || Object.values(tools).some((f) => typeof f !== 'function')) {
    throw new ToolsModuleError(file, 'must export `tools` (or a default export): an object of functions by tool name');
  }
  return tools as ToolRegistry;
}

/**
 * Node's own `import()`: JavaScript, and TypeScript where Node strips types
 * (plain annotations only). The CLI passes a loader that compiles TypeScript.
 */
export const importToolsModule: ToolsModuleLoader = async (file) => {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    throw new ToolsModuleError(file, (e as Error).message);
  }
  return toolsOf(mod, file);
};

/** Each case's module loaded once per run, whichever runtimes run it. */
export function caseToolsCache(load: ToolsModuleLoader): (file: string) => Promise<ToolRegistry> {
  const loaded = new Map<string, Promise<ToolRegistry>>();
  return (file) => {
    let tools = loaded.get(file);
    if (!tools) {
      tools = load(file).catch((e: unknown) => {
        throw e instanceof ToolsModuleError ? e : new ToolsModuleError(file, (e as Error).message);
      });
      loaded.set(file, tools);
    }
    return tools;
  };
}
