// Multi-agent specs of the emit tests: a Swarm whose strings are hostile, a ManagerWorkers with a worker's ServerTool.
import { deserialize, type Component } from '@agentspec/core';
import { expect } from 'vitest';

export const LLM = { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'scripted model', model_id: 'scripted-model', url: 'http://127.0.0.1:8000' };
export const ref = (id: string) => ({ $component_ref: id });
export const doc = (d: Record<string, unknown>): Component => deserialize(JSON.stringify({ agentspec_version: '26.1.0', ...d }));

/** The strings a spec may hold that a naive emitter would turn into code: quotes, backticks, `${`, backslashes, `*\/`, line breaks. */
export const HOSTILE = "q ' \" ` ${x} \\ */ \n end";

/** A Swarm whose names, ids, descriptions and prompts are hostile; its first agent has a ServerTool and an input. */
export function hostileSwarm(handoff = 'optional', billingTools: unknown[] = []): Component {
  return doc({
    component_type: 'Swarm', id: 'desk', name: `Desk ${HOSTILE}`, first_agent: ref('a'), relationships: [[ref('a'), ref('b')]], handoff,
    $referenced_components: {
      a: {
        component_type: 'Agent', id: "a'`${x}", name: `Triage ${HOSTILE}`, description: `Sorts ${HOSTILE}`, system_prompt: `You are {{who}} ${HOSTILE} \${y} \`{{who}}\``,
        inputs: [{ title: 'who', type: 'string' }], llm_config: ref('llm'),
        tools: [{ component_type: 'ServerTool', id: 'look_up', name: 'look-up', description: `Looks up ${HOSTILE}`, inputs: [{ title: 'q', type: 'string' }] }],
      },
      b: { component_type: 'Agent', id: 'b', name: 'Billing', description: 'Answers invoices.', system_prompt: 'You are Billing.', llm_config: ref('llm'), tools: billingTools },
      llm: LLM,
    },
  });
}

/** A ManagerWorkers whose worker has a ServerTool. */
export const TEAM = doc({
  component_type: 'ManagerWorkers', id: 'team', name: 'Team', group_manager: ref('m'), workers: [ref('w')],
  $referenced_components: {
    m: { component_type: 'Agent', id: 'm', name: 'Manager', system_prompt: 'You are the manager.', llm_config: ref('llm'), tools: [] },
    w: {
      component_type: 'Agent', id: 'w', name: 'Writer desk', description: 'Writes.', system_prompt: 'You are Writer.', llm_config: ref('llm'),
      tools: [{ component_type: 'ServerTool', id: 'to_upper', name: 'to_upper', inputs: [{ title: 'text', type: 'string' }] }],
    },
    llm: LLM,
  },
});

/** Nothing of a spec ends a comment of the module early: in comment lines, "*\/" only closes the emitter's own doc comments. */
export function expectCommentsClosed(code: string, atLeast: number): void {
  const comments = code.split('\n').filter((l) => /^\s*(\/\/|\/\*\*|\*)/.test(l));
  expect(comments.length).toBeGreaterThan(atLeast);
  for (const line of comments) expect(line.trimEnd().replace(/\*\/$/, '')).not.toContain('*/');
}
