import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'agents used as tools (agent.asTool()): ServerTools whose implementations run the SDK agents',
  export: 'orchestrator',
  runs: [{ message: 'Say "Good morning, friends." in Spanish and French.' }],
  component: { component_type: 'Agent', tools: [{ component_type: 'ServerTool', name: 'translate_to_spanish' }, { component_type: 'ServerTool', name: 'translate_to_french' }] },
  warnings: ['OAI_AGENT_TOOL', 'OAI_AGENT_TOOL'],
} satisfies CorpusCase;
