// A ToolLoopAgent with a tool and structured output (Output.object), as the
// AI SDK's agent docs show it.
import { openai } from '@ai-sdk/openai';
import { Output, ToolLoopAgent, stepCountIs, tool } from 'ai';
import { z } from 'zod';

const FLIGHTS: Record<string, number> = { lisbon: 2.5, reykjavik: 3.5 };

export const tripPlanner = new ToolLoopAgent({
  id: 'trip-planner',
  model: openai.chat('gpt-4.1-mini'),
  instructions: 'You plan weekend trips from London. Look up the flight time first.',
  tools: {
    flightTime: tool({
      description: 'Flight time in hours from London',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => FLIGHTS[city.toLowerCase()] ?? 4,
    }),
  },
  output: Output.object({ schema: z.object({ city: z.string(), hours: z.number(), plan: z.string() }) }),
  stopWhen: stepCountIs(10),
});

export async function plan(prompt: string): Promise<unknown> {
  const { output } = await tripPlanner.generate({ prompt });
  return output;
}
