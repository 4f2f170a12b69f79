// The SDK's quickstart: a triage agent hands homework questions to tutors;
// each tutor can hand the conversation back to triage.
import { Agent } from '@openai/agents';

const historyTutorAgent = new Agent({
  name: 'History Tutor',
  handoffDescription: 'Specialist agent for historical questions',
  instructions: 'You provide assistance with historical queries. Explain important events and context clearly.',
  model: 'gpt-4.1-mini',
});

const mathTutorAgent = new Agent({
  name: 'Math Tutor',
  handoffDescription: 'Specialist agent for math questions',
  instructions: 'You provide help with math problems. Explain your reasoning at each step and include examples.',
  model: 'gpt-4.1-mini',
});

export const triageAgent = Agent.create({
  name: 'Triage Agent',
  instructions: "You determine which agent to use based on the user's homework question.",
  model: 'gpt-4.1-mini',
  handoffs: [historyTutorAgent, mathTutorAgent],
});

// the tutors hand questions outside their subject back
historyTutorAgent.handoffs = [triageAgent];
mathTutorAgent.handoffs = [triageAgent];
