import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "a ToolLoopAgent whose call options prepareCall writes into the instructions: the agent's inputs",
  export: 'supportAgent',
  native: 'ask',
  runs: [{ message: 'Where is my order 1001?', options: { userName: 'Ada', tier: 'premium' } }],
  component: {
    component_type: 'Agent', id: 'support',
    system_prompt: 'You are a support agent for an online shop. You are talking to {{userName}}, a {{tier}} customer.',
    inputs: [{ title: 'userName', type: 'string' }, { title: 'tier', type: 'string', enum: ['standard', 'premium'] }],
  },
  warnings: ['AISDK_CALL_OPTIONS'],
} satisfies CorpusCase;
