import { basename } from 'node:path';
import { FRAMEWORK_NAMES, loadAdapter } from '@agentspec/adapters';
import { formatDiagnostic, load, type Component } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
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
    emitted = emit(result.component, { source: basename(file), ...(result.version ? { version: result.version } : {}) });
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
