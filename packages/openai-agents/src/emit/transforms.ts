import type { Agent } from '@agentspec/core';
import { commentText, summarizationEntry, summarizationRule } from '@agentspec/runtime/emit';
import type { AgentModule as ModuleWriter } from './agent-module.js';
import { emitModel } from './model.js';

/**
 * The sections of the agent's message transforms (Agent Spec 26.1.2): the
 * model of each transform's LLM that is not the agent's, then `TRANSFORMS` —
 * their rules with the spec's defaults (`summarizationRule`), an in-memory
 * cache for those with a datastore (an InMemoryCollectionDatastore; admission
 * refuses the others here), and their model — which `transformedInput` (the
 * shared summarization snippet) applies to each LLM request's input as the
 * `callModelInputFilter` of `runOptions`.
 */
export function emitTransforms(w: ModuleWriter, agent: Agent): string[] {
  w.use('messageTransforms');
  const sections: string[] = [];
  const models = new Map<string, string>([[agent.llm_config.id, 'model']]);
  const entries: string[] = [];
  for (const t of agent.transforms ?? []) {
    const rule = summarizationRule(t);
    let model = models.get(rule.llm.id);
    if (model === undefined) {
      const n = models.size;
      model = `summarizerModel${n}`;
      sections.push(emitModel(w, rule.llm, { llm: `SUMMARIZER_LLM_${n}`, policy: `SUMMARIZER_RETRY_POLICY_${n}`, fn: model, what: `The LLM of transform ${commentText(String(t.name ?? t.id))}` }));
      models.set(rule.llm.id, model);
    }
    if (rule.cache !== undefined) w.use('summaryCache');
    entries.push(summarizationEntry(t.id, rule, model));
  }
  sections.push([
    '// ---- Message transforms',
    '',
    '/**',
    ' * The agent\'s message transforms (Agent Spec 26.1.2), in order: the input of every LLM request goes through them',
    ' * first. Their caches (in memory) live as long as this module, shared by the conversations it runs.',
    ' */',
    'const TRANSFORMS: readonly MessageTransform[] = [',
    ...entries,
    '];',
  ].join('\n'));
  return sections;
}
