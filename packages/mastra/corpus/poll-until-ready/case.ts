import type { CorpusCase } from '../corpus-case.js';

export default {
  description: '.dountil() whose condition reads iterationCount: a counter in the loop gives it the iterations done',
  export: 'pollWorkflow',
  runs: [{ inputs: { jobId: 'export-1', readyAfter: 2, checks: 0 } }, { inputs: { jobId: 'export-2', readyAfter: 10, checks: 0 } }],
  component: { component_type: 'Flow', id: 'poll-workflow', nodes: [{ id: 'start' }, { id: 'loop_0_start' }, { id: 'check-job' }, { id: 'loop_0_count' }, { id: 'loop_0_check_router' }, { id: 'loop_0_check' }, { id: 'report' }, { component_type: 'EndNode' }] },
  warnings: ['MA_BRANCH_FUNCTION'],
} satisfies CorpusCase;
