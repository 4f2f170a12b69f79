import { ADAPTER_NAMES, loadAdapters } from '@agentspec/adapters';
import type { Runtime } from '@agentspec/runtime';
import { EvalError } from '../errors.js';

/** Runtime factories by name, from the one adapter registry (each framework imported only when named). */
export async function runtimeFactories(names: readonly string[]): Promise<Record<string, () => Runtime>> {
  const unknown = names.filter((n) => !ADAPTER_NAMES.includes(n));
  if (unknown.length > 0) throw new EvalError('AS_EVAL_CONFIG', `unknown runtime ${unknown.map((n) => `'${n}'`).join(', ')} (known: ${ADAPTER_NAMES.join(', ')})`);
  const adapters = await loadAdapters(names);
  return Object.fromEntries(adapters.map((a) => [a.name, () => a.runtime()]));
}
