/** The name of this runtime in the conformance matrix and in saved sessions. */
export const OPENAI_AGENTS_RUNTIME_NAME = 'openai-agents';
