// The OpenAI Agents SDK's customer-service example, the way a team would write
// it before porting: a triage agent hands the conversation to specialists,
// which use their own tools and hand back what is not theirs.
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

export const faqLookup = tool({
  name: 'faq_lookup',
  description: 'Look up frequently asked questions about the airline.',
  parameters: z.object({ question: z.string().describe('the question, in a few words') }),
  execute: async ({ question }) => (/bag/i.test(question) ? 'One bag of up to 23 kg is included; a second costs 40 EUR.' : 'I do not know the answer to that question.'),
});

export const updateSeat = tool({
  name: 'update_seat',
  description: 'Update the seat of a booking.',
  parameters: z.object({
    confirmation_number: z.string().describe('the booking confirmation number'),
    new_seat: z.string().describe('the new seat, e.g. 12A'),
  }),
  execute: async ({ confirmation_number, new_seat }) => `Booking ${confirmation_number} now has seat ${new_seat}.`,
});

const faqAgent = new Agent({
  name: 'FAQ Agent',
  handoffDescription: 'Answers questions about the airline: baggage, check-in, fees.',
  instructions: 'You are an FAQ agent. Answer with faq_lookup, never from your own knowledge. If the customer asks something else, hand back to the triage agent.',
  model: 'gpt-4.1-mini',
  tools: [faqLookup],
});

const seatBookingAgent = new Agent({
  name: 'Seat Booking Agent',
  handoffDescription: 'Changes the seat of a booking.',
  instructions: 'You are a seat booking agent. Get the confirmation number and the seat, then call update_seat. If the customer asks something else, hand back to the triage agent.',
  model: 'gpt-4.1-mini',
  tools: [updateSeat],
});

export const triageAgent = Agent.create({
  name: 'Triage Agent',
  instructions: 'You are a helpful triaging agent. Hand questions about the airline to the FAQ agent and seat changes to the seat booking agent.',
  model: 'gpt-4.1-mini',
  handoffs: [faqAgent, seatBookingAgent],
});

faqAgent.handoffs = [triageAgent];
seatBookingAgent.handoffs = [triageAgent];
