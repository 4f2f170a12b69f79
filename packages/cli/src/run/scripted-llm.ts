import { loadRulesFile, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import type { LlmOptions } from '@agentspec/runtime';

/** Where LLM requests go: `--offline rules.yaml` (a scripted server per runtime, counting requests), `--llm-url`, or the spec's own endpoints. */
export interface LlmTarget {
  /** LLM load options for one runtime, and the server to close (offline only). */
  open(): Promise<{ llm?: LlmOptions; server?: ScriptedLlm }>;
}

export async function llmTarget(options: { offline?: string; llmUrl?: string }): Promise<LlmTarget> {
  if (options.offline) {
    const rules = await loadRulesFile(options.offline);
    return {
      async open() {
        const server = await startScriptedLlm(rules);
        return { llm: { override: { url: server.url, apiKey: 'offline' } }, server };
      },
    };
  }
  if (options.llmUrl) {
    const url = options.llmUrl;
    return { open: async () => ({ llm: { override: { url } } }) };
  }
  return { open: async () => ({}) };
}
