import { describe, expect, it } from 'vitest';
import type { Agent, Component, LlmConfig, Property, Tool } from '@agentspec/core';
import { openAiBaseUrl } from '@agentspec/runtime';
import { compileOpenAiAgents, importOpenAiAgents } from '../src/index.js';
import { agentsIn, conformanceSpecs } from './helpers/conformance-specs.js';

/**
 * The round trip import(compile(spec)) = spec, up to what the normalization
 * below documents (README, "Round trip"): ids, names of LLM configs, agent
 * input defaults/descriptions/types (inputs come back from the placeholders
 * of the instructions), `/v1` on URLs, `requires_confirmation: false` ≡
 * absent, an empty description ≡ none. The LLM config's kind (a generic
 * LlmConfig too) and `api_type` come back as they were.
 */
function normalizedLlm(c: LlmConfig): Record<string, unknown> {
  const url = (c as { url?: unknown }).url;
  return {
    component_type: c.component_type,
    model_id: c.model_id,
    api_type: (c as { api_type?: unknown }).api_type ?? 'chat_completions',
    ...(typeof url === 'string' ? { url: openAiBaseUrl(url) } : {}),
    default_generation_parameters: Object.fromEntries(Object.entries(c.default_generation_parameters ?? {}).filter(([, v]) => v !== null && v !== undefined)),
  };
}

function normalizedTool(t: Tool): Record<string, unknown> {
  const { id: _id, metadata: _m, description, requires_confirmation, inputs, outputs, ...rest } = t as Tool & Record<string, unknown>;
  return { ...rest, description: description || undefined, requires_confirmation: requires_confirmation === true, inputs: inputs ?? [], outputs: outputs ?? [] };
}

function normalized(a: Agent): Record<string, unknown> {
  return {
    name: a.name,
    description: a.description || undefined,
    system_prompt: a.system_prompt,
    inputs: (a.inputs ?? []).map((p: Property) => p.title),
    outputs: a.outputs ?? [],
    llm_config: normalizedLlm(a.llm_config),
    tools: a.tools.map(normalizedTool),
  };
}

const agents = conformanceSpecs()
  .flatMap(({ id, spec }) => agentsIn(spec).map((agent, i) => ({ id: `${id}#${i}`, agent })));

describe('round trip over every conformance Agent', () => {
  it('finds the agents', () => expect(agents.length).toBeGreaterThanOrEqual(30));

  it.each(agents)('$id', async ({ agent }) => {
    const tools = Object.fromEntries(agent.tools.map((t) => [t.name, () => null]));
    // each input bound to its own placeholder: the instructions keep the template
    const inputs = Object.fromEntries((agent.inputs ?? []).map((p) => [p.title, `{{${p.title}}}`]));
    const compiled = compileOpenAiAgents(agent, { tools, inputs });
    const back = await importOpenAiAgents(compiled.agent);
    await compiled.close();
    expect(normalized(back.component as Agent)).toEqual(normalized(agent));
    expect(back.warnings).toEqual([]);
    expect((back.component as Component).component_type).toBe('Agent');
  });

  const withOutputs = agents.filter(({ agent }) => (agent.outputs ?? []).length > 0);
  it.each(withOutputs)("$id with structuredOutput: 'native' (outputs from the output type)", async ({ agent }) => {
    const tools = Object.fromEntries(agent.tools.map((t) => [t.name, () => null]));
    const inputs = Object.fromEntries((agent.inputs ?? []).map((p) => [p.title, `{{${p.title}}}`]));
    const compiled = compileOpenAiAgents(agent, { tools, inputs, structuredOutput: 'native' });
    const back = await importOpenAiAgents(compiled.agent);
    await compiled.close();
    expect(normalized(back.component as Agent)).toEqual(normalized(agent));
  });
});
