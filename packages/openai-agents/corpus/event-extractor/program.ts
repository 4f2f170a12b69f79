// Structured output as the SDK's guide shows it: an outputType zod schema,
// the agent's final output is the parsed object.
import { Agent } from '@openai/agents';
import { z } from 'zod';

const CalendarEvent = z.object({
  name: z.string(),
  date: z.string(),
  participants: z.array(z.string()),
});

export const extractor = new Agent({
  name: 'Calendar extractor',
  instructions: 'Extract calendar events from the supplied text.',
  model: 'gpt-4.1-mini',
  outputType: CalendarEvent,
});
