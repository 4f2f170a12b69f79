/** The instructions of the lookup agent (its system prompt; what its hand-written twins are told). */
export const LOOKUP_INSTRUCTIONS = 'Look the city up, then submit the answer.';

/** An agent with one tool (`lookup`, a ServerTool) and one output it submits through submit_result (concurrency.ts, agent-loop.ts). */
export const LOOKUP_AGENT = {
  component_type: 'Agent', id: 'busy_agent', name: 'busy agent', system_prompt: LOOKUP_INSTRUCTIONS,
  outputs: [{ title: 'answer', type: 'string' }],
  tools: [{
    component_type: 'ServerTool', id: 'lookup', name: 'lookup', description: 'Look a city up.',
    inputs: [{ title: 'city', type: 'string' }], outputs: [{ title: 'country', type: 'string' }],
  }],
  llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'scripted-model', url: 'http://127.0.0.1:9' },
  agentspec_version: '25.4.1',
};
