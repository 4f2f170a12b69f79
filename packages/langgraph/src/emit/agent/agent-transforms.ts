import type { Agent, LlmConfig } from '@agentspec/core';
import { commentText, summarizationEntry, summarizationRule, type ModuleWriter } from '@agentspec/runtime/emit';
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
  const list = agent.transforms ?? [];
  if (list.length === 0) return false;
  w.use('messageTransforms');
  const models = new Map<string, string>([[agent.llm_config.id, 'chatModel']]);
  const entries: string[] = [];
  for (const t of list) {
    const rule = summarizationRule(t);
    let model = models.get(rule.llm.id);
    if (model === undefined) {
      const n = models.size;
      const what = `The LLM of transform ${commentText(String(t.name ?? t.id))}`;
      model = w.names.take(`summarizerModel${n}`);
      const m = chatModel(rule.llm, {
        baseUrl: w.names.take(`SUMMARIZER_BASE_URL_${n}`), model: w.names.take(`SUMMARIZER_MODEL_${n}`), policy: w.names.take(`SUMMARIZER_RETRY_POLICY_${n}`), what,
      });
      w.section(m.constants);
      w.section([`/** The chat model of transform ${commentText(String(t.name ?? t.id))} (it summarizes). */`, `function ${model}(options: BuildOptions): ChatOpenAI {`, m.body, '}'].join('\n'));
      models.set(rule.llm.id, model);
    }
    if (rule.cache !== undefined) w.use('summaryCache');
    entries.push(summarizationEntry(t.id, rule, model));
  }
  w.section([
    '/**',
    ' * The agent\'s message transforms (Agent Spec 26.1.2), in order: the conversation of every LLM turn goes through',
    ' * them first. Their caches (in memory) live as long as this module, shared by the conversations it runs.',
    ' */',
    'const TRANSFORMS: readonly MessageTransform[] = [',
    ...entries,
    '];',
  ].join('\n'));
  return true;
}
