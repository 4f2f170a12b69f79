import { laterComponent, type Agent, type Component, type Property, type SpecializedAgent, type Tool } from '@agentspec/core';
import { eachComponent } from '../components.js';
import { replaceComponents } from '../replace-components.js';

/**
 * The Agent a SpecializedAgent runs as (DESIGN §4.2, SpecializedAgent): its
 * base agent with
 * - the SpecializedAgent's id, name and description (what traces and
 *   messages name);
 * - the system prompt followed by a blank line and `additional_instructions`
 *   (when given and not blank);
 * - the base tools, a tool of `additional_tools` taking the place of the
 *   base tool of the same name, the others after them;
 * - `human_in_the_loop` of the parameters when not null, else the base's;
 * - the inputs of both (the base's first; one of the parameters with the
 *   name of a base input is the same input) and the base's outputs.
 * LLM config, toolboxes and everything else are the base agent's.
 */
export function specializeAgent(special: SpecializedAgent): Agent {
  const base = special.agent;
  const params = special.agent_specialization_parameters;
  const extra = params.additional_instructions;
  const system_prompt = typeof extra === 'string' && extra.trim() !== '' ? `${base.system_prompt}\n\n${extra}` : base.system_prompt;
  const added = params.additional_tools ?? [];
  const tools: Tool[] = base.tools.map((t) => added.find((a) => a.name === t.name) ?? t);
  for (const a of added) if (!base.tools.some((t) => t.name === a.name)) tools.push(a);
  const inputs: Property[] = [...(base.inputs ?? [])];
  for (const p of params.inputs ?? []) if (!inputs.some((q) => q.title === p.title)) inputs.push(p);
  const description = typeof special.description === 'string' ? special.description : base.description;
  return {
    ...base,
    id: special.id,
    name: special.name,
    ...(description !== undefined ? { description } : {}),
    system_prompt,
    tools,
    inputs,
    outputs: base.outputs ?? [],
    ...(typeof params.human_in_the_loop === 'boolean' ? { human_in_the_loop: params.human_in_the_loop } : {}),
  } as Agent;
}

/** `root` with every SpecializedAgent in it (itself included) replaced by the Agent it runs as; `root` itself when it has none. */
export function specializeAgents(root: Component): Component {
  const replacements = new Map<Component, Component>();
  eachComponent(root, (c) => {
    const special = laterComponent(c, 'SpecializedAgent');
    if (special) replacements.set(c, specializeAgent(special));
  });
  return replaceComponents(root, replacements);
}
