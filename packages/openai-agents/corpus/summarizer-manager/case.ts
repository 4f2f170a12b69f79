import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "asTool() with the SDK's default tool name: a ManagerWorkers — the assistant manages (keeping its function tool), the summarizer works",
  export: 'researchAssistant',
  runs: [{ message: 'Summarize article a-17 for me.' }],
  component: {
    component_type: 'ManagerWorkers',
    group_manager: { component_type: 'Agent', name: 'Research assistant', tools: [{ component_type: 'ServerTool', name: 'fetch_article' }] },
    workers: [{ component_type: 'Agent', name: 'Summarizer', description: 'Generate a concise summary of the supplied text.' }],
  },
  warnings: ['OAI_AGENT_TOOL_SHAPE'],
} satisfies CorpusCase;
