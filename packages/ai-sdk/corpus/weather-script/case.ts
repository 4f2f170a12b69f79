import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'generateText at the top level of a script (the AI SDK docs\' style): tools, stopWhen: stepCountIs(5), a prompt; imported without running the call',
  topLevel: true,
  runs: [{ message: 'What is the weather in San Francisco, and what should I see there?' }],
  component: {
    component_type: 'Agent', id: 'program', system_prompt: 'You help travellers. Check the weather, then suggest an attraction.',
    llm_config: { component_type: 'OpenAiCompatibleConfig', model_id: 'gpt-4o', url: '${llm}', api_type: 'responses' },
    tools: [{ id: 'program.weather', name: 'weather' }, { id: 'program.attractions', name: 'attractions' }],
  },
  warnings: ['AISDK_STEP_LIMIT', 'AISDK_PROMPT'],
} satisfies CorpusCase;
