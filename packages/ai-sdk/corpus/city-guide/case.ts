import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'generateText written inline in an exported function: tools and stopWhen in the call, the prompt its parameter',
  export: 'askCityGuide',
  native: 'askCityGuide',
  runs: [{ message: 'When is the Louvre open today, and what is the weather like?' }, { message: 'Hello' }],
  component: {
    component_type: 'Agent', id: 'askCityGuide', system_prompt: 'You are a city guide for Paris. Use the tools for opening hours and the weather.',
    llm_config: { component_type: 'OpenAiCompatibleConfig', model_id: 'gpt-4.1-mini', url: '${llm}' },
    tools: [{ id: 'askCityGuide.openingHours', name: 'openingHours' }, { id: 'askCityGuide.weather', name: 'weather' }],
  },
  warnings: ['AISDK_STEP_LIMIT', 'AISDK_PROMPT'],
} satisfies CorpusCase;
