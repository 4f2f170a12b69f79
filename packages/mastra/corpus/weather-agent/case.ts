import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'an agent with a createTool tool (with an output schema) and a model string, registered on Mastra',
  export: 'weatherAgent',
  runs: [{ message: 'What is the weather in Oslo?' }, { message: 'What is the weather like?' }],
  component: { component_type: 'Agent', id: 'weather-agent', llm_config: { component_type: 'OpenAiConfig', model_id: 'gpt-4o-mini' } },
  warnings: [],
} satisfies CorpusCase;
