import { comp, compList, IO_FIELDS, str } from '../model/fields.js';
import type { Agent } from '../model/types.js';
import { placeholdersIn } from '../semantics/placeholders.js';
import { stringProperty } from '../semantics/properties.js';
import { checkPlaceholders } from './io-checks.js';
import { props, type ComponentHandler } from './handler.js';

export const agent: ComponentHandler = {
  type: 'Agent',
  summary: 'An LLM with a system prompt and tools that converses over several turns; outputs are filled through submit_result.',
  fields: [
    ...IO_FIELDS,
    { name: 'llm_config', type: comp('LlmConfig'), required: true },
    { name: 'system_prompt', type: str, required: true },
    { name: 'tools', type: compList('Tool'), default: [] },
    {
      name: 'human_in_the_loop', type: { kind: 'boolean' }, default: true, since: '25.4.2',
      description: 'Whether the agent may yield back to the user for input (25.4.2).',
    },
  ],
  infer(d) {
    d.inputs ??= placeholdersIn(String(d.system_prompt ?? '')).map((n) => stringProperty(n));
    d.outputs ??= [];
  },
  check(c, ctx) {
    const a = c as Agent;
    checkPlaceholders(ctx, a, 'system_prompt', placeholdersIn(a.system_prompt), props(a.inputs));
  },
};

export const openAiAgent: ComponentHandler = {
  type: 'OpenAiAgent',
  summary: 'An agent hosted by OpenAI (25.4.1 beta; removed in 25.4.2).',
  fields: [
    ...IO_FIELDS,
    { name: 'llm_config', type: comp('OpenAiConfig'), required: true },
    { name: 'remote_agent_id', type: str, nullable: true, default: null },
  ],
  infer(d) {
    d.inputs ??= [];
    d.outputs ??= [];
  },
};

export const ociAgent: ComponentHandler = {
  type: 'OciAgent',
  summary: 'An agent hosted on OCI Generative AI Agents, reached through its endpoint id.',
  fields: [
    ...IO_FIELDS,
    { name: 'agent_endpoint_id', type: str, required: true },
    { name: 'client_config', type: comp('OciClientConfig'), required: true },
  ],
  infer(d) {
    d.inputs ??= [];
    d.outputs ??= [];
  },
};
