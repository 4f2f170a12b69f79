import type { Agent, LlmConfig } from '@agentspec/core';
import { transformEntries, transformsDeclaration, type ModuleWriter } from '@agentspec/runtime/emit';
import type { CompileWarning } from '../../compile/options.js';
import type { ChatModelNames } from './emit-agent.js';
import type { HelperName } from './helpers.js';

/**
 * The agent's message transforms (Agent Spec 26.1.2) as the module's
 * `TRANSFORMS`, which `transformedMessages` (over the shared summarization
 * snippet) applies to the conversation of each LLM turn: their rules with the
 * spec's defaults filled in (`summarizationRule`), an in-memory cache for
 * those with a datastore (an InMemoryCollectionDatastore: admission refuses
 * the others here; a cache collection missing from its schema is
 * AS_DATASTORE, as at load), and the chat model of each one's LLM (the
 * agent's `chatModel` when it is the same config, else a `summarizerModel<n>`
 * of its own). False for an agent without any.
 */
export function emitTransforms(
  agent: Agent, w: ModuleWriter<HelperName, CompileWarning>, chatModel: (llm: LlmConfig, names: ChatModelNames) => { constants: string; body: string },
): boolean {
  if ((agent.transforms ?? []).length === 0) return false;
  w.use('messageTransforms');
  const { entries, cached } = transformEntries(agent, 'chatModel', (llm, n, what) => {
    const fn = w.names.take(`summarizerModel${n}`);
    const m = chatModel(llm, {
      baseUrl: w.names.take(`SUMMARIZER_BASE_URL_${n}`), model: w.names.take(`SUMMARIZER_MODEL_${n}`), policy: w.names.take(`SUMMARIZER_RETRY_POLICY_${n}`), what,
    });
    w.section(m.constants);
    w.section([`/** The chat model of that LLM (it summarizes). */`, `function ${fn}(options: BuildOptions): ChatOpenAI {`, m.body, '}'].join('\n'));
    return fn;
  });
  if (cached) w.use('summaryCache');
  w.section(transformsDeclaration(entries, 'the conversation of every LLM turn'));
  return true;
}
