import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { CliError, UsageError } from '../errors.js';
import { IMPORTED_TOOLS_EXPORT, importedTools, isImportedToolsExport } from './tools-module.js';

let tsxRegistered: Promise<unknown> | undefined;

/**
 * Import a user module — TypeScript (.ts/.mts/.cts, through tsx, no build
 * step) or JavaScript — by path relative to the working directory. TypeScript
 * goes through tsx's loader registered in this process (not `tsImport`, whose
 * namespace gives the module its own copy of every package): a framework
 * object the module exports is then of the same module instance as the
 * adapter's framework (`instanceof` and the framework's own registries hold).
 */
export async function loadModule(path: string): Promise<Record<string, unknown>> {
  if (!existsSync(path)) throw new UsageError(`cannot read ${path}: no such file`, { code: 'AS_FILE_NOT_FOUND' });
  const url = pathToFileURL(resolve(path)).href;
  try {
    if (/\.[mc]?tsx?$/.test(path)) {
      tsxRegistered ??= import('tsx/esm/api').then(({ register }) => register());
      await tsxRegistered;
    }
    return (await import(url)) as Record<string, unknown>;
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 2).join(' ');
    throw new CliError('AS_MODULE_LOAD', `cannot load ${path}: ${message}`, { hint: 'the module threw or does not compile; run it with node (or tsx) to see where', cause: e });
  }
}

/**
 * The tools registry a `--tools` module exports: `export const tools = { … }`
 * or `export default { … }`; or, for a module written by `agentspec import
 * --tools-out`, the tools its program gives, read by the importer that wrote it.
 */
export async function loadTools(path: string): Promise<Record<string, (args: Record<string, unknown>) => unknown>> {
  const mod = await loadModule(path);
  const imported = mod[IMPORTED_TOOLS_EXPORT];
  if (isImportedToolsExport(imported)) return importedTools(imported, path);
  const tools = (mod.tools ?? mod.default) as unknown;
  if (typeof tools !== 'object' || tools === null || Object.values(tools).some((f) => typeof f !== 'function')) {
    throw new CliError('AS_EXPORT_MISSING', `${path} must export \`tools\` (or a default export): an object of functions by tool name; or be a module written by agentspec import --tools-out`);
  }
  return tools as Record<string, (args: Record<string, unknown>) => unknown>;
}
