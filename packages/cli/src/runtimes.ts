import { ADAPTER_NAMES, loadAdapters } from '@agentspec/adapters';
import type { Runtime } from '@agentspec/runtime';
import { UsageError } from './errors.js';

/** Makes a fresh runtime (the shape of @agentspec/conformance's RuntimeRegistry entries). */
export type RuntimeFactory = () => Runtime;

/**
 * The runtimes `agentspec run` and `agentspec conformance` know by name: the
 * adapters of @agentspec/adapters (the one registry), each framework package
 * imported only when its runtime is asked for (so that `agentspec validate`
 * loads no framework).
 */
export const RUNTIME_NAMES: readonly string[] = ADAPTER_NAMES;

/** Refuse an unknown runtime name (exit 2, AS_UNKNOWN_RUNTIME) naming the known ones. */
export function checkRuntimeNames(names: readonly string[], known: readonly string[], extra = ''): void {
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(`unknown runtime ${unknown.map((n) => `'${n}'`).join(', ') || "''"} (known: ${known.join(', ')}${extra})`, { code: 'AS_UNKNOWN_RUNTIME' });
  }
}

/** The factories of the named runtimes, importing only their framework packages. */
export async function loadRuntimes(names: readonly string[]): Promise<Record<string, RuntimeFactory>> {
  checkRuntimeNames(names, RUNTIME_NAMES);
  const adapters = await loadAdapters(names);
  return Object.fromEntries(adapters.map((a) => [a.name, () => a.runtime()]));
}
