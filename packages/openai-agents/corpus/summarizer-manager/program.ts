// "Agents as tools" from the SDK's guide: a research assistant keeps the
// conversation and calls a summarizer agent through asTool(), named after it.
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const fetchArticle = tool({
  name: 'fetch_article',
  description: 'Fetch the text of an article by its id.',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => `Article ${id}: Solar panels installed in 2025 rose by a third; prices fell for the fourth year in a row.`,
});

const summarizer = new Agent({
  name: 'Summarizer',
  instructions: 'Generate a concise summary of the supplied text.',
  model: 'gpt-4.1-mini',
});

export const researchAssistant = new Agent({
  name: 'Research assistant',
  instructions: 'You answer questions about articles. Fetch the article, then have it summarized.',
  model: 'gpt-4.1-mini',
  tools: [fetchArticle, summarizer.asTool({ toolDescription: 'Generate a concise summary of the supplied text.' })],
});
