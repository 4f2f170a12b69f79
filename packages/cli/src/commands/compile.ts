import { basename } from 'node:path';
import { FRAMEWORK_NAMES, loadAdapter } from '@agentspec/adapters';
import { formatDiagnostic, load, type Agent, type Component } from '@agentspec/core';
import { eachComponent, hasToolboxes, resolveToolboxes, RuntimeError, type NetworkPolicy } from '@agentspec/runtime';
import { EXIT } from '../exit-codes.js';
import { readInput, UsageError, type Io } from '../io.js';

/** What every framework emitter returns: the module's text and what it does not represent exactly. */
interface Emitted {
  readonly code: string;
  readonly warnings: readonly { readonly kind?: string; readonly component?: string; readonly message: string }[];
}

type Emitter = (component: Component, options?: { readonly source?: string; readonly version?: string }) => Emitted;

/** The emitters by `--target` name: the framework adapters of the registry, loaded only when used. */
export const COMPILE_TARGETS: Readonly<Record<string, () => Promise<Emitter>>> = Object.fromEntries(FRAMEWORK_NAMES.map((name) => [name, async (): Promise<Emitter> => {
  const adapter = await loadAdapter(name);
  return (component, options) => (adapter.emit as Emitter)(component, options);
}]));

export interface CompileOptions {
  readonly target?: string;
  readonly out?: string;
  /** Command lines an MCPToolBox's StdioTransport may start to list its tools (`network.allowStdio`). */
  readonly allowStdio?: readonly string[];
  /** Hosts an MCPToolBox's server may be on besides a fixed public or loopback one (`network.allow`). */
  readonly allow?: readonly string[];
}

/**
 * An Agent's MCPToolBoxes listed from their servers now (`resolveToolboxes`:
 * the toolbox's filter, specs and confirmation flags applied): the module
 * calls those tools as MCPTools on the toolbox's transport. Said on stderr,
 * for a tool the server adds later needs a new compile.
 */
async function listToolboxes(io: Io, component: Component, options: CompileOptions): Promise<Component> {
  if (!hasToolboxes(component)) return component;
  const network: NetworkPolicy = { ...(options.allow?.length ? { allow: options.allow } : {}), ...(options.allowStdio?.length ? { allowStdio: options.allowStdio } : {}) };
  const listed = await resolveToolboxes(component, { network });
  const before = toolIds(component);
  const added = [...toolIds(listed)].filter((id) => !before.has(id));
  io.stderr(`listed the agent's MCP toolboxes: ${added.length} tool${added.length === 1 ? '' : 's'} (${added.join(', ') || 'none'}), emitted as MCPTools; compile again when the servers' tools change\n`);
  return listed;
}

/** The ids of the tools of every Agent in `root`. */
function toolIds(root: Component): Set<string> {
  const ids = new Set<string>();
  eachComponent(root, (c) => {
    if (c.component_type === 'Agent') for (const t of (c as Agent).tools ?? []) ids.add(t.id);
  });
  return ids;
}

/**
 * `agentspec compile <spec> --target <framework> [--out file.ts]`: write a
 * TypeScript module that builds the spec's framework objects with the
 * framework's own API, for a team to own and edit.
 */
export async function compileCommand(io: Io, file: string, options: CompileOptions): Promise<number> {
  const target = options.target;
  if (!target || !Object.hasOwn(COMPILE_TARGETS, target)) throw new UsageError(`--target must be one of ${Object.keys(COMPILE_TARGETS).join(', ')}`);
  if (options.out && !/\.(m|c)?ts$/.test(options.out)) throw new UsageError(`--out must name a TypeScript file (.ts, .mts or .cts), not '${options.out}'`);
  const result = load(readInput(io, file));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) io.stderr(`${formatDiagnostic(d, file)}\n`);
  if (errors.length > 0 || !result.component) return EXIT.INVALID;
  const emit = await COMPILE_TARGETS[target]!();
  let emitted: Emitted;
  try {
    const listed = await listToolboxes(io, result.component, options);
    emitted = emit(listed, { source: basename(file), ...(result.version ? { version: result.version } : {}) });
  } catch (e) {
    if (!(e instanceof RuntimeError)) throw e;
    io.stderr(`${file}: error ${e.code} ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}\n`);
    return EXIT.INVALID;
  }
  for (const w of emitted.warnings) io.stderr(`warning${w.kind ? ` (${w.kind})` : ''}${w.component ? ` ${w.component}` : ''}: ${w.message}\n`);
  if (options.out) io.writeFile(options.out, emitted.code);
  else io.stdout(emitted.code);
  const lines = emitted.code.split('\n').length - 1;
  const n = emitted.warnings.length;
  io.stderr(`compiled ${result.component.component_type} '${result.component.name}' for ${target}${options.out ? ` to ${options.out}` : ''} (${lines} lines, ${n} warning${n === 1 ? '' : 's'})\n`);
  return EXIT.OK;
}
