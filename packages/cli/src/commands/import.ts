import { serialize, type Component } from '@agentspec/core';
import { EXIT } from '../exit-codes.js';
import { UsageError, type Io } from '../io.js';
import { loadModule } from '../run/module-loader.js';

/** What every framework importer returns. */
interface Imported {
  readonly component: Component;
  readonly warnings: readonly { readonly kind?: string; readonly component?: string; readonly message: string }[];
}

type Importer = (framework: unknown, options?: Record<string, unknown>) => Imported | Promise<Imported>;

/** The importers by `--from` name, loaded only when used. */
const IMPORTERS: Readonly<Record<string, () => Promise<Importer>>> = {
  langgraph: async () => (await import('@agentspec/langgraph')).importLangGraph as unknown as Importer,
  'ai-sdk': async () => (await import('@agentspec/ai-sdk')).importAiSdk as unknown as Importer,
  'openai-agents': async () => (await import('@agentspec/openai-agents')).importOpenAiAgents as unknown as Importer,
  mastra: async () => (await import('@agentspec/mastra')).importMastra as unknown as Importer,
};

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
  if (!Object.hasOwn(mod, name)) throw new UsageError(`${path} has no export '${name}' (exports: ${Object.keys(mod).join(', ') || 'none'})`);
  let value = mod[name];
  if (typeof value === 'function' && from === 'langgraph' && !('compile' in (value as object)) && !('invoke' in (value as object))) value = await (value as () => unknown)();
  const importer = await IMPORTERS[from]!();
  const { component, warnings } = await importer(await value);
  for (const w of warnings) io.stderr(`warning${w.kind ? ` (${w.kind})` : ''}${w.component ? ` ${w.component}` : ''}: ${w.message}\n`);
  const format = options.format ?? (options.out?.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'json' && format !== 'yaml') throw new UsageError(`--format must be json or yaml, not '${format}'`);
  const text = serialize(component, { format });
  if (options.out) io.writeFile(options.out, text);
  else io.stdout(text);
  io.stderr(`imported ${component.component_type} '${component.name}' from ${from} (${warnings.length} warning${warnings.length === 1 ? '' : 's'})\n`);
  return EXIT.OK;
}
