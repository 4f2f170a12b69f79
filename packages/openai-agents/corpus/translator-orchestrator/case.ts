import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'agents used as tools (agent.asTool()): a ManagerWorkers — the orchestrator manages, the translators work (their tools named after them, taking { message })',
  export: 'orchestrator',
  runs: [{ message: 'Say "Good morning, friends." in Spanish and French.' }],
  component: {
    component_type: 'ManagerWorkers',
    id: 'orchestrator_team',
    group_manager: { component_type: 'Agent', name: 'Orchestrator', tools: [] },
    workers: [
      { component_type: 'Agent', name: 'Spanish agent', description: "Translate the user's message to Spanish" },
      { component_type: 'Agent', name: 'French agent', description: "Translate the user's message to French" },
    ],
  },
  warnings: ['OAI_AGENT_TOOL_SHAPE', 'OAI_AGENT_TOOL_SHAPE'],
} satisfies CorpusCase;
