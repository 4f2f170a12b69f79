import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'handoffs to a specialist agent and through handoff(): a Swarm (handoff: always) — the specialist takes the conversation over, as with the SDK',
  export: 'triageAgent',
  runs: [
    { message: 'What are your opening hours?' },
    { message: 'Which card was my last invoice charged to?' },
    { message: 'I want a refund for order 42.' },
  ],
  component: {
    component_type: 'Swarm',
    id: 'triage_agent_swarm',
    name: 'Triage agent',
    handoff: 'always',
    first_agent: { component_type: 'Agent', id: 'triage_agent', tools: [] },
    relationships: [[{ id: 'triage_agent' }, { id: 'billing_agent' }], [{ id: 'triage_agent' }, { id: 'refund_agent' }]],
  },
  // the refund handoff's description override ('Transfer refund requests') and its possible onHandoff callback
  warnings: ['OAI_HANDOFF_TOOL', 'OAI_HANDOFF_CALLBACK'],
} satisfies CorpusCase;
