import type { Agent, Component } from '@agentspec/core';
import { eachComponent } from '@agentspec/runtime';
import { commentText, str, summarizationEntry, summarizationRule } from '@agentspec/runtime/emit';
import type { MastraModule as ModuleWriter } from './helpers.js';
import { modelExpression } from './llm.js';

const TRANSFORMS_DOC = [
  '/**',
  ' * The message transforms (Agent Spec 26.1.2) of {what}, in order: the conversation of every LLM step goes through them first',
  ' * (its system prompt aside). Their caches (in memory) live as long as this module, shared by the conversations it runs.',
  ' */',
];

/**
 * The message transforms of a standalone Agent (Agent Spec 26.1.2): the
 * model of each transform's LLM (`summarizerModel<n>`, one per LLM config),
 * then `TRANSFORMS` — their rules with the spec's defaults
 * (`summarizationRule`), an in-memory cache for those with a datastore — which
 * `transformingModel` (over the shared summarization snippet) applies to each
 * prompt of the agent's model. False for an agent without any.
 */
export function emitAgentTransforms(agent: Agent, m: ModuleWriter): boolean {
  const list = agent.transforms ?? [];
  if (list.length === 0) return false;
  m.use('transformingModel');
  const models = new Map<string, string>();
  const entries: string[] = [];
  for (const t of list) {
    const rule = summarizationRule(t);
    let model = models.get(rule.llm.id);
    if (model === undefined) {
      model = m.names.take(`summarizerModel${models.size + 1}`);
      m.section([
        `/** The LLM of transform ${commentText(str(String(t.name ?? t.id)))}, bound to the LLM options of \`build\`. */`,
        `function ${model}(options: BuildOptions): MastraModelConfig {`,
        `  return ${modelExpression(rule.llm, m, '  ')};`,
        '}',
      ].join('\n'));
      models.set(rule.llm.id, model);
    }
    if (rule.cache !== undefined) m.use('summaryCache');
    entries.push(summarizationEntry(t.id, rule, model));
  }
  m.section([...TRANSFORMS_DOC.map((l) => l.replace('{what}', 'the agent')), 'const TRANSFORMS: readonly MessageTransform[] = [', ...entries, '];'].join('\n'));
  return true;
}

/**
 * The message transforms of every agent of a Flow, Swarm or ManagerWorkers
 * (SpecializedAgents merged) as `TRANSFORMS`, by agent id — their rules with
 * the spec's defaults, an in-memory cache for those with a datastore — which
 * `agentTransforms` (over the shared summarization snippet) hands to
 * @agentspec/mastra as its `transforms` option: the models it makes for these
 * agents apply them. False when no agent has any.
 */
export function emitSpecTransforms(root: Component, m: ModuleWriter): boolean {
  const agents = new Map<string, Agent>();
  eachComponent(root, (c) => {
    if (c.component_type === 'Agent' && ((c as Agent).transforms?.length ?? 0) > 0 && !agents.has(c.id)) agents.set(c.id, c as Agent);
  });
  if (agents.size === 0) return false;
  m.use('specTransforms');
  const lines: string[] = [];
  for (const [id, agent] of agents) {
    const entries = (agent.transforms ?? []).map((t) => {
      const rule = summarizationRule(t);
      if (rule.cache !== undefined) m.use('summaryCache');
      return summarizationEntry(t.id, rule, str(rule.llm.id));
    });
    lines.push(`  [${str(id)}, [`, ...entries.map((e) => e.replace(/^/gm, '  ')), '  ]],');
  }
  m.section([...TRANSFORMS_DOC.map((l) => l.replace('{what}', 'each agent (by id)')), 'const TRANSFORMS = new Map<string, readonly AgentTransform[]>([', ...lines, ']);'].join('\n'));
  return true;
}
