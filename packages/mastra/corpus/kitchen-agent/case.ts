import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'an agent on an OpenAI-compatible server given as { id, url }, default options, two tools called in turn',
  export: 'kitchenAgent',
  runs: [{ message: 'A recipe for 4 needs about 2 cups of flour. How much for 6, in grams?' }],
  component: {
    component_type: 'Agent', id: 'kitchen-agent', name: 'Kitchen Assistant', description: 'Answers cooking questions with exact quantities',
    llm_config: { component_type: 'OpenAiCompatibleConfig', model_id: 'qwen2.5-7b-instruct', url: '${llm}', default_generation_parameters: { temperature: 0.2 } },
  },
  warnings: ['MA_MAX_STEPS'],
} satisfies CorpusCase;
