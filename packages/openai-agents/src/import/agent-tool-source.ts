import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@openai/agents';
import type { AnyAgent } from './any-agent.js';

type Lookup = (tool: Tool<unknown>) => AnyAgent | undefined;

let lookups: Promise<Lookup[]> | undefined;

/**
 * The SDK records which agent an `agent.asTool()` tool runs, but does not
 * export the lookup (`getAgentToolSourceAgent` of @openai/agents-core). It is
 * read here from the installed SDK — both its ES module and CommonJS builds,
 * since the tool may come from either — and nothing is found when the SDK's
 * layout changes (the tool is then imported as a plain tool).
 */
function registryLookups(): Promise<Lookup[]> {
  lookups ??= (async () => {
    const found: Lookup[] = [];
    try {
      const fromAgents = createRequire(createRequire(import.meta.url).resolve('@openai/agents'));
      const dist = dirname(fromAgents.resolve('@openai/agents-core'));
      const loaders = [
        async () => (await import(pathToFileURL(join(dist, 'agentToolSourceRegistry.mjs')).href)) as { getAgentToolSourceAgent?: Lookup },
        async () => fromAgents(join(dist, 'agentToolSourceRegistry.js')) as { getAgentToolSourceAgent?: Lookup },
      ];
      for (const load of loaders) {
        const lookup = await load().then((m) => m.getAgentToolSourceAgent, () => undefined);
        if (typeof lookup === 'function') found.push(lookup);
      }
    } catch {
      // no SDK layout we know: agents-as-tools are imported as plain tools
    }
    return found;
  })();
  return lookups;
}

/** The agent an `agent.asTool()` tool runs, if it is one. */
export async function agentToolSource(tool: Tool<unknown>): Promise<AnyAgent | undefined> {
  if (typeof (tool as { on?: unknown }).on !== 'function') return undefined;
  for (const lookup of await registryLookups()) {
    const agent = lookup(tool);
    if (agent) return agent;
  }
  return undefined;
}
