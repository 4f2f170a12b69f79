import type { Component } from '@agentspec/core';
import { key, moduleHeader } from '@agentspec/runtime/emit';

/** The header of a module of this target: `what` it is, how to build and run it (`serverTools`: their implementations in the usage). */
export function openAiAgentsHeader(
  component: Component,
  what: string,
  serverTools: readonly string[],
  options: { readonly source?: string | undefined; readonly version?: string | undefined },
  result: string,
): string {
  const usageTools = serverTools.length > 0 ? `{ tools: { ${serverTools.map((n) => `${key(n)}: (args) => …`).join(', ')} } }` : '';
  return moduleHeader({
    component,
    what,
    target: 'openai-agents',
    source: options.source,
    version: options.version,
    notes: ['It needs @openai/agents and openai only; `build()` takes what the spec does not hold (ServerTool implementations, the LLM endpoint, keys).'],
    usage: [
      "import { run } from '@openai/agents';",
      `const { agent, runOptions } = build(${usageTools});`,
      `const result = await run(agent, 'Hello!', runOptions); // ${result}`,
    ],
  });
}
