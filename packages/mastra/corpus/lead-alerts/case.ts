import type { CorpusCase } from '../corpus-case.js';

export default {
  description: '.branch() whose conditions hold together: every true arm runs (a ParallelFlowNode of guarded subflows), the next step reads them under their step ids',
  export: 'leadWorkflow',
  runs: [
    { inputs: { company: 'Acme', employees: 900, visits: 5 } },
    { inputs: { company: 'Bolt', employees: 20, visits: 6 } },
    { inputs: { company: 'Cora', employees: 3, visits: 1 } },
  ],
  component: { component_type: 'Flow', id: 'lead-workflow', nodes: [{ id: 'start' }, { id: 'score-lead' }, { component_type: 'ParallelFlowNode', id: 'branch_1' }, { id: 'branch_1_outputs' }, { id: 'summarize' }, { component_type: 'EndNode' }] },
  // the arms share the output 'message' (by name, the next step would get the first arm's that ran)
  warnings: ['MA_BRANCH_FUNCTION', 'MA_BRANCH_OUTPUT'],
} satisfies CorpusCase;
