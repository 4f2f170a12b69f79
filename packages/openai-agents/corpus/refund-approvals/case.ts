import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'needsApproval: true and needsApproval as a function of the call (requires_confirmation on every call in the spec; the runs approve every request)',
  export: 'refundAgent',
  runs: [{ message: 'Please refund order A-1.' }, { message: 'Please refund order B-2.' }],
  component: {
    component_type: 'Agent',
    tools: [{ name: 'lookup_order' }, { name: 'refund', requires_confirmation: true }, { name: 'close_account', requires_confirmation: true }],
  },
  warnings: ['OAI_APPROVAL_FUNCTION'],
} satisfies CorpusCase;
