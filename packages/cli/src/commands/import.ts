import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FRAMEWORK_NAMES } from '@agentspec/adapters';
import { AgentSpecError, serialize } from '@agentspec/core';
import type { AdapterWarning } from '@agentspec/runtime';
import { CliError, UsageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { importProgram } from '../run/import-program.js';
import { loadModule } from '../run/module-loader.js';
import { toolsModuleText } from '../run/tools-module.js';
import { FORMAT_NAMES, importFormatCommand, isFormatName, type ImportFormatOptions } from './import-format.js';

export interface ImportOptions extends ImportFormatOptions {
  readonly from?: string;
  readonly out?: string;
  readonly format?: string;
  /** Write a module giving the spec's ServerTool implementations (the program's functions) to `agentspec run --tools`. */
  readonly toolsOut?: string;
}

/** A warning of any importer (a code, when the importer gives one). */
type Warning = AdapterWarning & { readonly code?: string };

/**
 * `agentspec import <module>#<export> --from <framework> [--out spec.yaml]
 * [--tools-out tools.ts]`: a framework object → an Agent Spec document (and a
 * module of its tool implementations); `agentspec import script.ts --from
 * ai-sdk`: a script calling the AI SDK at its top level, read without
 * loading it; `agentspec import <file> --from openagentspec|agents-json`: a
 * document of another format → one.
 */
export async function importCommand(io: Io, target: string, options: ImportOptions): Promise<number> {
  const from = options.from;
  if (isFormatName(from)) return importFormatCommand(io, target, options);
  if (!from || !FRAMEWORK_NAMES.includes(from)) throw new UsageError(`--from must be one of ${[...FRAMEWORK_NAMES, ...FORMAT_NAMES].join(', ')}`);
  const format = options.format ?? (options.out?.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'json' && format !== 'yaml') throw new UsageError(`--format must be json or yaml, not '${format}'`);
  if (options.toolsOut !== undefined && !/\.[mc]?[jt]s$/.test(options.toolsOut)) throw new UsageError(`--tools-out names a module (.ts, .mts, .js, .mjs), not '${options.toolsOut}'`);
  const hash = target.lastIndexOf('#');
  const path = hash > 0 ? target.slice(0, hash) : target;
  const name = hash > 0 ? target.slice(hash + 1) : 'default';
  const script = from === 'ai-sdk' && hash <= 0 ? await topLevelAiSdkScript(path) : undefined;
  if (script && options.toolsOut !== undefined) throw new UsageError(`${path} calls the AI SDK at its top level: loading it (as a --tools-out module would) makes the call; export the tools to write them out`);
  const imported = script ? await script() : await importExport(io, path, name, from);
  const { component, tools } = imported;
  const warnings = imported.warnings as readonly Warning[];
  printWarnings(io, warnings);
  const text = serialize(component, { format });
  if (options.out) io.writeFile(options.out, text);
  else io.stdout(text);
  if (options.toolsOut !== undefined) {
    const toolNames = Object.keys(tools).sort();
    io.writeFile(options.toolsOut, toolsModuleText({ programPath: path, exportName: name, from, outPath: options.toolsOut, toolNames, target: `${path}#${name}` }));
    io.stderr(`wrote ${toolNames.length} tool implementation${toolNames.length === 1 ? '' : 's'} (${toolNames.join(', ') || 'none'}) to ${options.toolsOut}: pass it to agentspec run --tools\n`);
  }
  io.stderr(`imported ${component.component_type} '${component.name}' from ${from} (${warnings.length} warning${warnings.length === 1 ? '' : 's'})\n`);
  return EXIT.OK;
}

/** The export `name` of the module at `path`, imported with the importer of `from`. */
async function importExport(io: Io, path: string, name: string, from: string): Promise<Awaited<ReturnType<typeof importProgram>>> {
  const mod = await loadModule(path);
  if (!Object.hasOwn(mod, name)) throw new CliError('AS_EXPORT_MISSING', `${path} has no export '${name}' (exports: ${Object.keys(mod).join(', ') || 'none'})`);
  try {
    return await importProgram(from, mod[name], `${path}#${name}`, { modulePath: resolve(path), ...(name === 'default' ? {} : { exportName: name }) });
  } catch (e) {
    // what the importer did not carry over is said even when what it made is not a valid spec
    const kept = (e as { warnings?: unknown })?.warnings;
    if (AgentSpecError.isInstance(e) && Array.isArray(kept)) printWarnings(io, kept as Warning[]);
    throw e;
  }
}

/**
 * An AI SDK script calling generateText (…) at its top level, as the AI SDK's
 * docs write their examples: loading it would make the call, so it is
 * imported from its source (`importAiSdkModule`), never loaded; undefined for
 * any other module (its export is imported as usual).
 */
async function topLevelAiSdkScript(path: string): Promise<(() => Promise<Awaited<ReturnType<typeof importProgram>>>) | undefined> {
  if (!existsSync(path)) return undefined;
  const { hasTopLevelAiSdkCall, importAiSdkModule } = await import('@agentspec/ai-sdk');
  if (!hasTopLevelAiSdkCall(readFileSync(path, 'utf8'))) return undefined;
  return () => importAiSdkModule(path, { load: loadModule });
}

function printWarnings(io: Io, warnings: readonly Warning[]): void {
  for (const w of warnings) io.stderr(`warning${w.code ? ` ${w.code}` : ''}${w.kind ? ` (${w.kind})` : ''}${w.component ? ` ${w.component}` : ''}: ${w.message}\n`);
}
