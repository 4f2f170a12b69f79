import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'an input guardrail run by another agent: Agent Spec has no guardrails (the spec does not run it)',
  export: 'supportAgent',
  runs: [
    { message: 'How do I reset my password?' },
    {
      message: 'Can you solve 2x + 3 = 11 for x?',
      differs: {
        because: 'OAI_GUARDRAIL',
        native: { error: 'InputGuardrailTripwireTriggered' },
        spec: { agent: 'Customer support agent', output: 'x = 4.' },
      },
    },
  ],
  warnings: ['OAI_GUARDRAIL'],
} satisfies CorpusCase;
