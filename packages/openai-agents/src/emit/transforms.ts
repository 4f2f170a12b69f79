import type { Agent } from '@agentspec/core';
import { transformEntries, transformsDeclaration } from '@agentspec/runtime/emit';
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
  const { entries, cached } = transformEntries(agent, 'model', (llm, n, what) => {
    const fn = `summarizerModel${n}`;
    sections.push(emitModel(w, llm, { llm: `SUMMARIZER_LLM_${n}`, policy: `SUMMARIZER_RETRY_POLICY_${n}`, fn, what }));
    return fn;
  });
  if (cached) w.use('summaryCache');
  sections.push(['// ---- Message transforms', '', transformsDeclaration(entries, 'the input of every LLM request')].join('\n'));
  return sections;
}
