import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "Mastra's weather workflow: a step computes a forecast, the next asks a registered agent through mastra.getAgent(...).stream()",
  export: 'activityWorkflow',
  runs: [{ inputs: { city: 'Bergen' } }, { inputs: { city: 'Seville' } }],
  component: { component_type: 'Flow', id: 'activity-workflow', inputs: [{ title: 'city', type: 'string' }], outputs: [{ title: 'activities', type: 'string' }] },
  warnings: ['MA_STEP_CALLS_AGENT'],
} satisfies CorpusCase;
