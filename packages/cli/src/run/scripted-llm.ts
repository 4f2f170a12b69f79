import { parseRulesText, RulesError, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import type { LlmOptions } from '@agentspec/runtime';
import { UsageError } from '../errors.js';
import { readInput, type Io } from '../io.js';

/** Where LLM requests go: `--offline rules.yaml` (a scripted server per runtime, counting requests), `--llm-url`, or the spec's own endpoints. */
export interface LlmTarget {
  /** LLM load options for one runtime, and the server to close (offline only). */
  open(): Promise<{ llm?: LlmOptions; server?: ScriptedLlm }>;
}

export async function llmTarget(io: Io, options: { offline?: string; llmUrl?: string }): Promise<LlmTarget> {
  if (options.offline) {
    const rules = offlineRules(io, options.offline);
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

/** The rules of `--offline`: AS_FILE_NOT_FOUND when unreadable, AS_BAD_RULES (listing the problems) when not a rules file. */
function offlineRules(io: Io, path: string): ReturnType<typeof parseRulesText> {
  const text = readInput(io, path);
  try {
    return parseRulesText(text, path);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    throw new UsageError(`${path} is not a scripted LLM rules file:\n  - ${e.problems.map((p) => p.split('\n')[0]).join('\n  - ')}`, {
      code: 'AS_BAD_RULES', hint: 'see the rules format in the README of @agentspec/testing, e.g. examples/scripted-llm/weather-agent.yaml',
    });
  }
}
