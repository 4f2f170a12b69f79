// Arguments from the LLM coerced to the tool's declared input types (the shared helper of @agentspec/runtime).
export { coerceArgs } from '@agentspec/runtime';
