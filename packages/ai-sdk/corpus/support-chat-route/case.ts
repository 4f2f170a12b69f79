import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'a Next.js chat route handler: streamText inline (messages from the request, a tool, stopWhen), the answer as a UI message stream',
  export: 'POST',
  native: 'POST',
  route: true,
  runs: [{ message: 'Where is my order A-100?' }],
  component: {
    component_type: 'Agent', id: 'POST', system_prompt: 'You are the support assistant of an online bookshop. Look orders up before you answer.',
    llm_config: { component_type: 'OpenAiCompatibleConfig', model_id: 'gpt-4.1-mini', url: '${llm}' },
    tools: [{ id: 'POST.lookupOrder', name: 'lookupOrder' }],
  },
  warnings: ['AISDK_STEP_LIMIT', 'AISDK_PROMPT'],
} satisfies CorpusCase;
