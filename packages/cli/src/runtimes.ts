import type { Runtime } from '@agentspec/runtime';
import { UsageError } from './errors.js';

/** Makes a fresh runtime (the shape of @agentspec/conformance's RuntimeRegistry entries). */
export type RuntimeFactory = () => Runtime;

/**
 * The runtimes `agentspec run` and `agentspec conformance` know by name, each
 * framework package imported only when its runtime is asked for (so that
 * `agentspec validate` loads no framework). The same names, in the same
 * order, as RUNTIMES of @agentspec/conformance (tests/runtimes.test.ts).
 */
const LOADERS: Readonly<Record<string, () => Promise<RuntimeFactory>>> = {
  reference: async () => { const { referenceRuntime } = await import('@agentspec/runtime'); return () => referenceRuntime(); },
  langgraph: async () => { const { langgraphRuntime } = await import('@agentspec/langgraph'); return () => langgraphRuntime(); },
  'ai-sdk': async () => { const { aiSdkRuntime } = await import('@agentspec/ai-sdk'); return () => aiSdkRuntime(); },
  'openai-agents': async () => { const { openaiAgentsRuntime } = await import('@agentspec/openai-agents'); return () => openaiAgentsRuntime(); },
  mastra: async () => { const { mastraRuntime } = await import('@agentspec/mastra'); return () => mastraRuntime(); },
};

export const RUNTIME_NAMES: readonly string[] = Object.keys(LOADERS);

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
  const entries = await Promise.all(names.map(async (name) => [name, await LOADERS[name]!()] as const));
  return Object.fromEntries(entries);
}
