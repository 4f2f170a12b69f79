import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'createStep(agent) between two .map() steps: an AgentNode, the mappings ToolNodes',
  export: 'cityFactsWorkflow',
  runs: [{ inputs: { city: 'Kyoto' } }],
  component: { component_type: 'Flow', id: 'city-facts' },
  warnings: ['MA_MAP', 'MA_AGENT_STEP', 'MA_MAP'],
} satisfies CorpusCase;
