import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'a function tool with a zod schema, a model name and model settings',
  export: 'weatherBot',
  runs: [{ message: 'What is the weather in Tokyo?' }, { message: 'Hello' }],
  component: { component_type: 'Agent', id: 'weather_bot', llm_config: { component_type: 'OpenAiConfig', model_id: 'gpt-4.1-mini', default_generation_parameters: { temperature: 0.4 } } },
  warnings: [],
} satisfies CorpusCase;
