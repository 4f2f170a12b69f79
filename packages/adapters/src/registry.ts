// Types only at the top: importing this module loads no package (the CLI reads the names at startup).
import type { FrameworkAdapter } from '@agentspec/runtime';

/**
 * Every framework agentspec knows, by runtime name, in the order the CLI, the
 * conformance matrix and the benchmarks list them. Each adapter's package (and
 * so its framework) is imported only when that adapter is asked for, so that
 * commands which need no framework start fast. A new framework is one line here
 * and an adapter file in its package (DESIGN §2.1).
 */
const ENTRIES: Readonly<Record<string, { readonly framework: boolean; readonly load: () => Promise<FrameworkAdapter> }>> = {
  reference: { framework: false, load: async () => (await import('@agentspec/runtime')).referenceAdapter },
  langgraph: { framework: true, load: async () => (await import('@agentspec/langgraph')).langgraphAdapter },
  'ai-sdk': { framework: true, load: async () => (await import('@agentspec/ai-sdk')).aiSdkAdapter },
  'openai-agents': { framework: true, load: async () => (await import('@agentspec/openai-agents')).openaiAgentsAdapter },
  mastra: { framework: true, load: async () => (await import('@agentspec/mastra')).mastraAdapter },
};

/** The adapter names, in registry order. */
export const ADAPTER_NAMES: readonly string[] = Object.keys(ENTRIES);

/** The adapters of a framework (they compile, emit and import; the reference interpreter only runs): `--target`, `--from`. */
export const FRAMEWORK_NAMES: readonly string[] = ADAPTER_NAMES.filter((name) => ENTRIES[name]?.framework);

export function isAdapterName(name: string): boolean {
  return Object.hasOwn(ENTRIES, name);
}

/** One adapter by name; an unknown name is AS_UNSUPPORTED naming the known ones. */
export async function loadAdapter(name: string): Promise<FrameworkAdapter> {
  if (!isAdapterName(name)) {
    const { RuntimeError } = await import('@agentspec/runtime');
    throw new RuntimeError('AS_UNSUPPORTED', `no framework adapter '${name}' (known: ${ADAPTER_NAMES.join(', ')})`);
  }
  return (ENTRIES[name] as { load: () => Promise<FrameworkAdapter> }).load();
}

/** The named adapters (default: all), in the order given. */
export async function loadAdapters(names: readonly string[] = ADAPTER_NAMES): Promise<FrameworkAdapter[]> {
  return Promise.all(names.map(loadAdapter));
}
