import type { CorpusCase } from '../corpus-case.js';

export default {
  description: '.branch() with function conditions, then a step reading the arm that ran under its step id',
  export: 'orderWorkflow',
  runs: [{ inputs: { sku: 'SKU-1', quantity: 3 } }, { inputs: { sku: 'SKU-2', quantity: 1 } }],
  component: { component_type: 'Flow', id: 'order-workflow' },
  warnings: ['MA_BRANCH_FUNCTION', 'MA_BRANCH_OUTPUT'],
} satisfies CorpusCase;
