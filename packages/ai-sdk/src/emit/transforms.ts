import type { Agent } from '@agentspec/core';
import { transformEntries, transformsDeclaration } from '@agentspec/runtime/emit';
import type { AiSdkModule as ModuleWriter } from './helpers.js';
import { emitLanguageModel } from './model.js';

/**
 * The agent's message transforms (Agent Spec 26.1.2) as the module's
 * `TRANSFORMS`, applied by `transformedMessages` (the shared summarization
 * snippet) to each step's messages in `prepareStep`: their rules with the
 * spec's defaults filled in (`summarizationRule`), an in-memory cache for
 * those with a datastore (an InMemoryCollectionDatastore: admission refuses
 * the others here; a cache collection missing from its schema is
 * AS_DATASTORE, as at load), and the LLM of each (the agent's
 * `languageModel` when it is the same config, else a `summarizerModel<n>` of
 * its own). False for an agent without any.
 */
export function emitTransforms(agent: Agent, w: ModuleWriter): boolean {
  if ((agent.transforms ?? []).length === 0) return false;
  w.use('messageTransforms');
  const { entries, cached } = transformEntries(agent, 'languageModel', (llm, n, what) => {
    const fn = `summarizerModel${n}`;
    emitLanguageModel(llm, w, { fn, modelId: `SUMMARIZER_MODEL_ID_${n}`, baseUrl: `SUMMARIZER_BASE_URL_${n}`, policy: `SUMMARIZER_RETRY_POLICY_${n}`, what });
    return fn;
  });
  if (cached) w.use('summaryCache');
  w.section(transformsDeclaration(entries, 'the conversation of every LLM step'));
  return true;
}
