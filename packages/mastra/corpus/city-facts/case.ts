import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'createStep(agent) between two .map() steps: an AgentNode, the mappings ToolNodes',
  export: 'cityFactsWorkflow',
  runs: [{ inputs: { city: 'Kyoto' } }],
  component: { component_type: 'Flow', id: 'city-facts' },
  warnings: ['AS_IMPORT_MAP', 'AS_IMPORT_AGENT_STEP', 'AS_IMPORT_MAP'],
} satisfies CorpusCase;
