import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'a code-only input guardrail (kept out, warned) and a topic check run by an agent before the assistant (runInParallel: false; `=== false` trips): a Flow',
  export: 'travelAgent',
  runs: [
    { message: 'What is the status of flight BA117?' },
    { message: 'Write me a poem about cheese.', trips: 'Travel topic' },
  ],
  component: {
    component_type: 'Flow',
    id: 'travel_assistant_guarded',
    nodes: [
      { component_type: 'StartNode' },
      { component_type: 'AgentNode', id: 'check_topic_check', name: 'Travel topic' },
      { component_type: 'BranchingNode', id: 'tripwire_topic_check', mapping: { false: 'guardrail_tripped' } },
      { component_type: 'EndNode', branch_name: 'guardrail_tripped' },
      { component_type: 'AgentNode', agent: { id: 'travel_assistant', tools: [{ component_type: 'ServerTool', name: 'flight_status' }] } },
      { component_type: 'EndNode', branch_name: 'next' },
    ],
  },
  guardrails: 1,
  warnings: ['OAI_GUARDRAIL', 'OAI_GUARDRAIL_FLOW'],
} satisfies CorpusCase;
