// Guardrails as the SDK's guide writes them: a cheap length check in code and
// a topic check run by a small agent before the assistant (runInParallel:
// false blocks the model until the guardrail has answered).
import { Agent, run, tool, type InputGuardrail } from '@openai/agents';
import { z } from 'zod';

const topicCheckAgent = new Agent({
  name: 'Topic check',
  instructions: 'Decide whether the user is asking about travel: flights, hotels, destinations or bookings.',
  model: 'gpt-4.1-mini',
  outputType: z.object({
    isAboutTravel: z.boolean(),
    topic: z.string(),
  }),
});

const lengthGuardrail: InputGuardrail = {
  name: 'Message length',
  execute: async ({ input }) => {
    const text = typeof input === 'string' ? input : JSON.stringify(input);
    return { outputInfo: { length: text.length }, tripwireTriggered: text.length > 4000 };
  },
};

const travelTopicGuardrail: InputGuardrail = {
  name: 'Travel topic',
  runInParallel: false,
  execute: async ({ input, context }) => {
    const result = await run(topicCheckAgent, input, { context });
    return {
      outputInfo: result.finalOutput,
      tripwireTriggered: result.finalOutput?.isAboutTravel === false,
    };
  },
};

const flightStatus = tool({
  name: 'flight_status',
  description: 'Look up the status of a flight by its number.',
  parameters: z.object({ flight: z.string().describe('The flight number, e.g. BA117') }),
  execute: async ({ flight }) => `${flight} is on time, departing from gate 22.`,
});

export const travelAgent = new Agent({
  name: 'Travel assistant',
  instructions: 'You help travellers with their flights. Use the tools to look things up.',
  model: 'gpt-4.1-mini',
  tools: [flightStatus],
  inputGuardrails: [lengthGuardrail, travelTopicGuardrail],
});
