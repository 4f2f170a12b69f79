import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'generateText settings: two tools called in turn, stopWhen: stepCountIs(5)',
  export: 'weatherSettings',
  native: 'answer',
  runs: [{ message: 'What is the weather in San Francisco in Fahrenheit?' }],
  component: {
    component_type: 'Agent', id: 'weatherSettings', system_prompt: 'You answer weather questions. Use the weather tool, then convert to Fahrenheit if asked.',
    llm_config: { component_type: 'OpenAiCompatibleConfig', model_id: 'gpt-4.1-mini', url: '${llm}' },
    tools: [{ id: 'weatherSettings.weather', name: 'weather' }, { id: 'weatherSettings.convertCelsiusToFahrenheit', name: 'convertCelsiusToFahrenheit' }],
  },
  warnings: ['AISDK_STEP_LIMIT'],
} satisfies CorpusCase;
