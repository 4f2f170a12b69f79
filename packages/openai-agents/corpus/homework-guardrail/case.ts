import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'an input guardrail run by another agent, tripping on one boolean field: a Flow runs the guardrail agent first and finishes on guardrail_tripped',
  export: 'supportAgent',
  runs: [
    { message: 'How do I reset my password?' },
    // the SDK throws InputGuardrailTripwireTriggered; the spec finishes on the guardrail's EndNode
    { message: 'Can you solve 2x + 3 = 11 for x?', trips: 'Math Homework Guardrail' },
  ],
  component: {
    component_type: 'Flow',
    id: 'customer_support_agent_guarded',
    name: 'Customer support agent',
    nodes: [
      { component_type: 'StartNode' },
      { component_type: 'AgentNode', id: 'check_guardrail_check', agent: { id: 'guardrail_check', outputs: [{ title: 'isMathHomework', type: 'boolean' }, { title: 'reasoning', type: 'string' }] } },
      { component_type: 'BranchingNode', id: 'tripwire_guardrail_check', mapping: { true: 'guardrail_tripped' } },
      { component_type: 'EndNode', id: 'tripped_guardrail_check', branch_name: 'guardrail_tripped', outputs: [{ title: 'guardrail', default: 'Math Homework Guardrail' }] },
      { component_type: 'AgentNode', id: 'run_customer_support_agent', agent: { component_type: 'Agent', id: 'customer_support_agent' } },
      { component_type: 'EndNode', id: 'end', branch_name: 'next' },
    ],
  },
  guardrails: 1,
  warnings: ['OAI_GUARDRAIL_FLOW'],
} satisfies CorpusCase;
