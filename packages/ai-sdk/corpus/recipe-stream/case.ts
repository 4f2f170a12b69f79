import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'streamText settings: a tool without parameters, a temperature, stopWhen: stepCountIs(3)',
  export: 'chefSettings',
  native: 'suggest',
  runs: [{ message: 'What can I make for dinner?' }],
  component: { component_type: 'Agent', llm_config: { model_id: 'gpt-4.1-mini', default_generation_parameters: { temperature: 0.7 } } },
  warnings: ['AISDK_STEP_LIMIT'],
} satisfies CorpusCase;
