import type { CorpusCase } from '../corpus-case.js';

export default {
  description: '.parallel() of a tool step and a step (a ParallelFlowNode), then a step reading both under their step ids (a join ToolNode)',
  export: 'reportWorkflow',
  runs: [{ inputs: { region: 'north' } }, { inputs: { region: 'south' } }],
  component: { component_type: 'Flow', id: 'region-report' },
  warnings: [],
} satisfies CorpusCase;
