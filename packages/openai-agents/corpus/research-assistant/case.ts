import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "a hosted tool (web search, run on OpenAI's side) next to a function tool: a BuiltinTool, the model's API the Responses API",
  export: 'researchAssistant',
  runs: [{ message: 'Remember: the meeting moved to Thursday.' }],
  component: {
    component_type: 'Agent',
    llm_config: { component_type: 'OpenAiConfig', model_id: 'gpt-4.1-mini', api_type: 'responses' },
    tools: [{ component_type: 'BuiltinTool', name: 'web_search', tool_type: 'web_search' }, { component_type: 'ServerTool', name: 'save_note' }],
  },
  warnings: [],
} satisfies CorpusCase;
