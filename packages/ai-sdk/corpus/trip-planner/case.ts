import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "a ToolLoopAgent with a tool and Output.object: the agent's outputs",
  export: 'tripPlanner',
  native: 'plan',
  runs: [{ message: 'Plan a weekend in Lisbon.' }],
  component: { component_type: 'Agent', id: 'trip-planner', outputs: [{ title: 'city' }, { title: 'hours' }, { title: 'plan' }] },
  warnings: ['AISDK_STRUCTURED_OUTPUT', 'AISDK_STEP_LIMIT'],
} satisfies CorpusCase;
