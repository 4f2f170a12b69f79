import { agent as buildAgent, agentNode, type Agent, type Property } from '@agentspec/core';
import type { Cursor } from '../flow-builder.js';
import type { EntryOf, StepAgentCall } from '../import-entry.js';
import { inputShape, propertiesOf } from '../schemas.js';
import { place } from './place.js';
import type { Scope } from './scope.js';

const PROMPT = '{{prompt}}';

/**
 * An agent as a step (`createStep(agent)`, `.agent()`): an AgentNode. Mastra
 * sends the step's `prompt` as the user message and gives `{ text }` (or the
 * structured output); in Agent Spec the prompt joins the system prompt and
 * the answer is the agent's outputs, submitted through submit_result.
 */
export function agentEntry(s: Scope, e: EntryOf<'agent'>, cursor: Cursor): Cursor {
  if (e.call) return askingStepEntry(s, e, e.call, cursor);
  const imported = s.agents.get(e.agent) as Agent;
  const outputs: Property[] = e.output ? propertiesOf(e.output, 'output') : [{ title: 'text', type: 'string' }];
  const stepAgent = buildAgent({
    ...imported, id: s.ids.take(`${e.id}_agent`), name: imported.name,
    system_prompt: imported.system_prompt ? `${imported.system_prompt}\n\n${PROMPT}` : PROMPT,
    inputs: [{ title: 'prompt', type: 'string' }], outputs,
  });
  s.warnings.add('MA_AGENT_STEP', e.id, `agent '${e.agent.id}' as a step: an AgentNode whose agent has the prompt in its system prompt (${PROMPT}) and answers through submit_result (${outputs.map((o) => o.title).join(', ')})`);
  const node = agentNode({ id: s.b.id(e.id), name: e.id, agent: stepAgent, inputs: [...(stepAgent.inputs ?? [])], outputs });
  const producer = { node, outputs };
  s.byStep.set(e.id, producer);
  return place(s, node, cursor, producer);
}

/**
 * A step whose code only asks an agent (`agentCallOf`): an AgentNode as for
 * `createStep(agent)`, the prompt template (`{{city}}` for
 * `${inputData.city}`) after the agent's instructions, its inputs the fields
 * the prompt reads, its one output the answer's text (through submit_result).
 */
function askingStepEntry(s: Scope, e: EntryOf<'agent'>, call: StepAgentCall, cursor: Cursor): Cursor {
  const imported = s.agents.get(e.agent) as Agent;
  const fields = inputShape(call.input).props;
  const inputs: Property[] = call.reads.map((r) => fields.find((p) => p.title === r) ?? { title: r, type: 'string' });
  const outputs: Property[] = [{ title: call.output, type: 'string' }];
  const stepAgent = buildAgent({
    ...imported, id: s.ids.take(`${e.id}_agent`), name: imported.name,
    system_prompt: imported.system_prompt ? `${imported.system_prompt}\n\n${call.template}` : call.template,
    inputs, outputs,
  });
  s.warnings.add('MA_STEP_ASKS_AGENT', e.id, `its code asks agent '${imported.name}' with a prompt made of its input and returns the answer's text: an AgentNode whose agent has the prompt after its instructions and answers through submit_result ('${call.output}')`);
  const node = agentNode({ id: s.b.id(e.id), name: e.id, agent: stepAgent, inputs: [...inputs], outputs });
  const producer = { node, outputs };
  s.byStep.set(e.id, producer);
  return place(s, node, cursor, producer);
}
