import type { CorpusCase } from '../corpus-case.js';

export default {
  description: '.dountil() and .dowhile() with function conditions, then a nested workflow',
  export: 'counterWorkflow',
  runs: [{ inputs: { value: 1 } }, { inputs: { value: 40 } }],
  component: { component_type: 'Flow', id: 'counter-workflow' },
  warnings: ['MA_BRANCH_FUNCTION', 'MA_BRANCH_FUNCTION'],
} satisfies CorpusCase;
