import type { Agent } from '@agentspec/core';
import { commentText, summarizationEntry, summarizationRule } from '@agentspec/runtime/emit';
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
  const list = agent.transforms ?? [];
  if (list.length === 0) return false;
  w.use('messageTransforms');
  const models = new Map<string, string>([[agent.llm_config.id, 'languageModel']]);
  const entries: string[] = [];
  for (const t of list) {
    const rule = summarizationRule(t);
    let model = models.get(rule.llm.id);
    if (model === undefined) {
      const n = models.size;
      model = `summarizerModel${n}`;
      emitLanguageModel(rule.llm, w, {
        fn: model, modelId: `SUMMARIZER_MODEL_ID_${n}`, baseUrl: `SUMMARIZER_BASE_URL_${n}`, policy: `SUMMARIZER_RETRY_POLICY_${n}`,
        what: `The LLM of transform ${commentText(String(t.name ?? t.id))}`,
      });
      models.set(rule.llm.id, model);
    }
    if (rule.cache !== undefined) w.use('summaryCache');
    entries.push(summarizationEntry(t.id, rule, model));
  }
  w.section([
    '/**',
    ' * The agent\'s message transforms (Agent Spec 26.1.2), in order: the conversation of every LLM step goes through',
    ' * them first. Their caches (in memory) live as long as this module, shared by the conversations it runs.',
    ' */',
    'const TRANSFORMS: readonly MessageTransform[] = [',
    ...entries,
    '];',
  ].join('\n'));
  return true;
}
