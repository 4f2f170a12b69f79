// Hosted tools next to a function tool: the SDK's web search runs on
// OpenAI's side, a local tool saves notes.
import { Agent, tool, webSearchTool } from '@openai/agents';
import { z } from 'zod';

const saveNote = tool({
  name: 'save_note',
  description: 'Save a short research note',
  parameters: z.object({ text: z.string() }),
  execute: async ({ text }) => `Saved: ${text}`,
});

export const researchAssistant = new Agent({
  name: 'Research assistant',
  instructions: 'Search the web when you need facts; save what the user asks you to remember.',
  model: 'gpt-4.1-mini',
  tools: [webSearchTool(), saveNote],
});
