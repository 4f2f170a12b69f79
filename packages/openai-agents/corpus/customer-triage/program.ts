// The SDK's handoff example: a triage agent hands the conversation to a
// specialist (an agent, or handoff() with a description override).
import { Agent, handoff } from '@openai/agents';

const billingAgent = new Agent({
  name: 'Billing agent',
  instructions: 'You handle billing questions: invoices, charges and payment methods.',
  model: 'gpt-4.1-mini',
});

const refundAgent = new Agent({
  name: 'Refund agent',
  instructions: 'You handle refund requests.',
  model: 'gpt-4.1-mini',
});

export const triageAgent = Agent.create({
  name: 'Triage agent',
  instructions: 'Answer general questions yourself. Hand billing questions to the billing agent and refund requests to the refund agent.',
  model: 'gpt-4.1-mini',
  handoffs: [billingAgent, handoff(refundAgent, { toolDescriptionOverride: 'Transfer refund requests' })],
});
