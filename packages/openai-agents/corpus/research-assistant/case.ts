import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "a hosted tool (web search, run on OpenAI's side) next to a function tool: the hosted tool is left out",
  export: 'researchAssistant',
  runs: [{ message: 'Remember: the meeting moved to Thursday.' }],
  component: { component_type: 'Agent', tools: [{ component_type: 'ServerTool', name: 'save_note' }] },
  warnings: ['OAI_HOSTED_TOOL'],
} satisfies CorpusCase;
