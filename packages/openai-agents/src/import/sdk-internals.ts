import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@openai/agents';
import type { AnyAgent } from './any-agent.js';

interface Internals {
  /** The agent an `agent.asTool()` tool runs (agents-core's agentToolSourceRegistry). */
  readonly getAgentToolSourceAgent?: (tool: Tool<unknown>) => AnyAgent | undefined;
  /** Whether a function tool's approval is a function of the call (agents-core's utils/internal). */
  readonly hasDynamicFunctionToolApprovalPolicy?: (tool: { needsApproval: unknown }) => boolean;
}

const loaded = new Map<string, Promise<Internals[]>>();

/**
 * What the SDK knows of its own tools but does not export from
 * `@openai/agents`: read from the installed @openai/agents-core, both its ES
 * module and CommonJS builds (a program may use either), resolved from this
 * package — and from `resolveFrom` (the program's file) when the program has
 * its own copy of the SDK. Nothing is found when the SDK's layout changes;
 * callers then fall back on what the objects show.
 */
function internals(resolveFrom?: string): Promise<Internals[]> {
  const key = resolveFrom ?? '';
  let found = loaded.get(key);
  if (!found) {
    found = (async () => {
      const out: Internals[] = [];
      for (const from of [import.meta.url, ...(resolveFrom ? [pathToFileURL(resolveFrom).href] : [])]) {
        try {
          const fromAgents = createRequire(createRequire(from).resolve('@openai/agents'));
          const dist = dirname(fromAgents.resolve('@openai/agents-core'));
          for (const file of ['agentToolSourceRegistry', 'utils/internal']) {
            const esm = await import(pathToFileURL(join(dist, `${file}.mjs`)).href).catch(() => undefined) as Internals | undefined;
            if (esm) out.push(esm);
            try {
              out.push(fromAgents(join(dist, `${file}.js`)) as Internals);
            } catch {
              // no CommonJS build of that file
            }
          }
        } catch {
          // no SDK found from there
        }
      }
      return out;
    })();
    loaded.set(key, found);
  }
  return found;
}

/** The agent an `agent.asTool()` tool runs, if it is one. */
export async function agentToolSource(tool: Tool<unknown>, resolveFrom?: string): Promise<AnyAgent | undefined> {
  if (typeof (tool as { on?: unknown }).on !== 'function') return undefined;
  for (const i of await internals(resolveFrom)) {
    const agent = i.getAgentToolSourceAgent?.(tool);
    if (agent) return agent;
  }
  return undefined;
}

/**
 * Whether a function tool's approval is decided by a function of the call
 * (`needsApproval: async (ctx, input) => …`), not a boolean. The SDK wraps a
 * boolean in a function it marks; from a copy of the SDK this package cannot
 * read, that wrapper is recognised by its source.
 */
export async function approvalIsFunction(tool: { needsApproval: unknown }, resolveFrom?: string): Promise<boolean> {
  for (const i of await internals(resolveFrom)) {
    if (i.hasDynamicFunctionToolApprovalPolicy && !i.hasDynamicFunctionToolApprovalPolicy(tool)) return false;
  }
  return typeof tool.needsApproval === 'function' && !/typeof options\.needsApproval === ['"]boolean['"]/.test(String(tool.needsApproval));
}

/** The SDK's default-provider setting (agents-openai's defaults module, not exported from `@openai/agents`). */
interface OpenAiDefaults {
  readonly shouldUseResponsesByDefault?: () => boolean;
}

/**
 * Whether a model name goes to Chat Completions: the program called
 * `setOpenAIAPI('chat_completions')` on the SDK (the one this package uses, or
 * its own copy, resolved from `resolveFrom`) before the import. False when the
 * setting cannot be read (the SDK's default, the Responses API).
 */
export async function namesGoToChatCompletions(resolveFrom?: string): Promise<boolean> {
  for (const from of [import.meta.url, ...(resolveFrom ? [pathToFileURL(resolveFrom).href] : [])]) {
    try {
      const fromAgents = createRequire(createRequire(from).resolve('@openai/agents'));
      const dist = dirname(fromAgents.resolve('@openai/agents-openai'));
      const builds = [
        await import(pathToFileURL(join(dist, 'defaults.mjs')).href).catch(() => undefined) as OpenAiDefaults | undefined,
        (() => {
          try {
            return fromAgents(join(dist, 'defaults.js')) as OpenAiDefaults;
          } catch {
            return undefined; // no CommonJS build
          }
        })(),
      ];
      if (builds.some((d) => d?.shouldUseResponsesByDefault?.() === false)) return true;
    } catch {
      // no SDK found from there
    }
  }
  return false;
}
