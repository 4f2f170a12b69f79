import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { UsageError } from '../io.js';

/**
 * Import a user module — TypeScript (.ts/.mts/.cts, through tsx, no build
 * step) or JavaScript — by path relative to the working directory.
 */
export async function loadModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(resolve(path)).href;
  try {
    if (/\.[mc]?tsx?$/.test(path)) {
      const { tsImport } = await import('tsx/esm/api');
      return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
    }
    return (await import(url)) as Record<string, unknown>;
  } catch (e) {
    throw new UsageError(`cannot load ${path}: ${(e as Error).message}`);
  }
}

/** The tools registry a `--tools` module exports: `export const tools = { … }` or `export default { … }`. */
export async function loadTools(path: string): Promise<Record<string, (args: Record<string, unknown>) => unknown>> {
  const mod = await loadModule(path);
  const tools = (mod.tools ?? mod.default) as unknown;
  if (typeof tools !== 'object' || tools === null || Object.values(tools).some((f) => typeof f !== 'function')) {
    throw new UsageError(`${path} must export \`tools\` (or a default export): an object of functions by tool name`);
  }
  return tools as Record<string, (args: Record<string, unknown>) => unknown>;
}
