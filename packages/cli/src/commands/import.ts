import { resolve } from 'node:path';
import { FRAMEWORK_NAMES, loadAdapter } from '@agentspec/adapters';
import { AgentSpecError, serialize, type Component } from '@agentspec/core';
import { CliError, UsageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { loadModule } from '../run/module-loader.js';

/** What every framework importer returns. */
interface Imported {
  readonly component: Component;
  readonly warnings: readonly { readonly kind?: string; readonly code?: string; readonly component?: string; readonly message: string }[];
}

type Importer = (framework: unknown, context: { readonly modulePath: string; readonly exportName?: string }) => Imported | Promise<Imported>;

/** The importers by `--from` name: the framework adapters of the registry, loaded only when used. */
const IMPORTERS: Readonly<Record<string, () => Promise<Importer>>> = Object.fromEntries(FRAMEWORK_NAMES.map((name) => [name, async (): Promise<Importer> => {
  const adapter = await loadAdapter(name);
  return (program, context) => (adapter.import as NonNullable<typeof adapter.import>)(program, context);
}]));

export interface ImportOptions {
  readonly from?: string;
  readonly out?: string;
  readonly format?: string;
}

/** `agentspec import <module>#<export> --from <framework> [--out spec.yaml]`: a framework object → an Agent Spec document. */
export async function importCommand(io: Io, target: string, options: ImportOptions): Promise<number> {
  const from = options.from;
  if (!from || !Object.hasOwn(IMPORTERS, from)) throw new UsageError(`--from must be one of ${Object.keys(IMPORTERS).join(', ')}`);
  const hash = target.lastIndexOf('#');
  const path = hash > 0 ? target.slice(0, hash) : target;
  const name = hash > 0 ? target.slice(hash + 1) : 'default';
  const mod = await loadModule(path);
  if (!Object.hasOwn(mod, name)) throw new CliError('AS_EXPORT_MISSING', `${path} has no export '${name}' (exports: ${Object.keys(mod).join(', ') || 'none'})`);
  const importer = await IMPORTERS[from]!();
  const { component, warnings } = await importExport(importer, mod[name], path, name, from);
  for (const w of warnings) io.stderr(`warning${w.code ? ` ${w.code}` : ''}${w.kind ? ` (${w.kind})` : ''}${w.component ? ` ${w.component}` : ''}: ${w.message}\n`);
  const format = options.format ?? (options.out?.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'json' && format !== 'yaml') throw new UsageError(`--format must be json or yaml, not '${format}'`);
  const text = serialize(component, { format });
  if (options.out) io.writeFile(options.out, text);
  else io.stdout(text);
  io.stderr(`imported ${component.component_type} '${component.name}' from ${from} (${warnings.length} warning${warnings.length === 1 ? '' : 's'})\n`);
  return EXIT.OK;
}

/**
 * Import one export; what the importer refuses (AS_UNSUPPORTED: not an object
 * of that framework) or cannot read is AS_NOT_A_PROGRAM (exit 1).
 */
async function importExport(importer: Importer, exported: unknown, path: string, name: string, from: string): Promise<Imported> {
  const target = `${path}#${name}`;
  const notAProgram = (why: string, cause?: unknown) => new CliError('AS_NOT_A_PROGRAM', `${target} is not a program of ${from}: ${why}`, {
    hint: `check that --from names the framework the export is built with (${FRAMEWORK_NAMES.join(', ')})`, cause,
  });
  let value = exported;
  // a LangGraph module may export a function that builds the graph
  if (typeof value === 'function' && from === 'langgraph' && !('compile' in value) && !('invoke' in value)) {
    try {
      value = (value as () => unknown)();
      if (value instanceof Promise) value = await value;
    } catch (e) {
      throw notAProgram(`calling it without arguments (a function that builds a graph) threw: ${String((e as Error)?.message ?? e).split('\n')[0]}`, e);
    }
  }
  try {
    // a promise of the object may be exported; nothing else is awaited (a Mastra workflow has a `then` of its own)
    return await importer(value instanceof Promise ? await value : value, { modulePath: resolve(path), ...(name === 'default' ? {} : { exportName: name }) });
  } catch (e) {
    if (AgentSpecError.isInstance(e) && e.code !== 'AS_UNSUPPORTED') throw e;
    const message = AgentSpecError.isInstance(e) ? e.message.replace(`${e.code}: `, '').replace(e.hint ? ` (hint: ${e.hint})` : '', '') : `reading it failed: ${String((e as Error)?.message ?? e).split('\n')[0]}`;
    throw notAProgram(message, e);
  }
}
