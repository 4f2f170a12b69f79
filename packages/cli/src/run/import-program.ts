import { FRAMEWORK_NAMES, loadAdapter } from '@agentspec/adapters';
import { AgentSpecError } from '@agentspec/core';
import type { ImportedComponent } from '@agentspec/runtime';
import { CliError } from '../errors.js';

/**
 * Import one framework program with the adapter of `from` (the registry's
 * importers, loaded when used). A LangGraph module may export a function that
 * builds the graph: it is called. What the importer refuses (AS_UNSUPPORTED:
 * not an object of that framework) or cannot read is AS_NOT_A_PROGRAM (exit 1).
 * `context`: the module's path and the export's name, for the importer (the
 * program's own copy of its framework, an id for what has none).
 */
export async function importProgram(from: string, exported: unknown, target: string, context: { readonly modulePath?: string; readonly exportName?: string } = {}): Promise<ImportedComponent> {
  const adapter = await loadAdapter(from);
  const notAProgram = (why: string, cause?: unknown) => new CliError('AS_NOT_A_PROGRAM', `${target} is not a program of ${from}: ${why}`, {
    hint: `check that --from names the framework the export is built with (${FRAMEWORK_NAMES.join(', ')})`, cause,
  });
  let value = exported;
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
    return await (adapter.import as NonNullable<typeof adapter.import>)(value instanceof Promise ? await value : value, context);
  } catch (e) {
    if (AgentSpecError.isInstance(e) && e.code !== 'AS_UNSUPPORTED') throw e;
    const message = AgentSpecError.isInstance(e) ? e.message.replace(`${e.code}: `, '').replace(e.hint ? ` (hint: ${e.hint})` : '', '') : `reading it failed: ${String((e as Error)?.message ?? e).split('\n')[0]}`;
    throw notAProgram(message, e);
  }
}
