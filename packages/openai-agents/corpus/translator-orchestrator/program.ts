// "Agents as tools" from the SDK's guide: an orchestrator calls translator
// agents through agent.asTool() and keeps the conversation.
import { Agent } from '@openai/agents';

const spanishAgent = new Agent({
  name: 'Spanish agent',
  instructions: 'You translate the user message to Spanish. Reply with the translation only.',
  model: 'gpt-4.1-mini',
});

const frenchAgent = new Agent({
  name: 'French agent',
  instructions: 'You translate the user message to French. Reply with the translation only.',
  model: 'gpt-4.1-mini',
});

export const orchestrator = new Agent({
  name: 'Orchestrator',
  instructions: 'You are a translation agent. Use the tools to translate; never translate yourself.',
  model: 'gpt-4.1-mini',
  tools: [
    spanishAgent.asTool({ toolName: 'translate_to_spanish', toolDescription: "Translate the user's message to Spanish" }),
    frenchAgent.asTool({ toolName: 'translate_to_french', toolDescription: "Translate the user's message to French" }),
  ],
});
