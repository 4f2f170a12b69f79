import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'handoffs to a specialist agent and through handoff(): a Swarm, which no runtime runs yet — the spec is the triage agent alone',
  export: 'triageAgent',
  runs: [
    { message: 'What are your opening hours?' },
    {
      message: 'Which card was my last invoice charged to?',
      differs: {
        because: 'OAI_HANDOFF',
        // the SDK hands over to the billing agent, who answers; the spec's triage agent has no handoff tool and answers itself
        native: { agent: 'Billing agent', output: 'Your last invoice was charged to the card ending in 4242.' },
        spec: { agent: 'Triage agent', output: 'I cannot see invoices; please contact billing.' },
      },
    },
  ],
  component: { component_type: 'Agent', id: 'triage_agent', tools: [] },
  warnings: ['OAI_HANDOFF', 'OAI_HANDOFF'],
} satisfies CorpusCase;
