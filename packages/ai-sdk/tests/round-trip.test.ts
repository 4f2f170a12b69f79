import { toDocument, type Agent } from '@agentspec/core';
import { describe, expect, it } from 'vitest';
import { compileAiSdk, importAiSdk } from '../src/index.js';
import { conformanceAgents } from './helpers/conformance-agents.js';

/**
 * The normalization of the round trip: a ToolLoopAgent has an `id` but no
 * name or description, and its model has no Agent Spec id or name, so the
 * agent's name and description and the LLM config's id and name are not
 * compared (the importer takes the name from its options, else the id, and
 * names the config after its model). Everything else — system prompt and
 * inputs, LLM config kind, model, URL and generation parameters, every tool
 * with its kind, id, description, inputs, outputs and requires_confirmation,
 * the agent's outputs — must come back equal, defaults included.
 */
function normalized(agent: Agent): Record<string, unknown> {
  const doc = toDocument(agent) as Record<string, unknown> & { llm_config: Record<string, unknown> };
  const { name: _name, description: _description, ...rest } = doc;
  const { id: _id, name: _llmName, ...llm } = doc.llm_config;
  return { ...rest, llm_config: llm };
}

describe('round trip importAiSdk(compileAiSdk(spec).agent)', () => {
  // api_type responses, BuiltinTools and generic LlmConfigs included
  const cases = conformanceAgents();

  it('covers every Agent of the conformance cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases.map((c) => [c.id, c.agent] as const))('%s comes back equal up to names and the LLM config id, without warnings', async (_id, agent) => {
    const tools = Object.fromEntries(agent.tools.map((t) => [t.name, () => 'unused']));
    const inputs = Object.fromEntries((agent.inputs ?? []).map((p) => [p.title, 'unused']));
    const compiled = compileAiSdk(agent, { tools, inputs });
    const imported = await importAiSdk(compiled.agent);
    expect(imported.warnings).toEqual([]);
    expect(imported.component.id).toBe(agent.id);
    expect(normalized(imported.component)).toEqual(normalized(agent));
  });

  it("keeps the outputs of an agent compiled with structuredOutput: 'native' (with a warning that they become submit_result outputs)", async () => {
    const agent = cases.find((c) => c.id === 'agents/submit-result')!.agent;
    const compiled = compileAiSdk(agent, { tools: { lookup_capital: () => 'Rome' }, structuredOutput: 'native' });
    const imported = await importAiSdk(compiled.agent);
    expect(imported.warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'output' })]);
    expect(normalized(imported.component)).toEqual(normalized(agent));
  });
});
