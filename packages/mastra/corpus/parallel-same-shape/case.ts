import type { CorpusCase } from '../corpus-case.js';

export default {
  description: '.parallel() of two steps with the same output schema (a ParallelFlowNode whose subflows give their results under the step ids), then a step reading both, then a .map() using getStepResult',
  export: 'numbersWorkflow',
  runs: [{ inputs: { value: 3 } }, { inputs: { value: 1 } }],
  component: { component_type: 'Flow', id: 'numbers' },
  warnings: ['MA_MAP'],
} satisfies CorpusCase;
