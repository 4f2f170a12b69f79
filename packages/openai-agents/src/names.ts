/** The name of this runtime in the conformance matrix and in saved sessions. */
export const OPENAI_AGENTS_RUNTIME_NAME = 'openai-agents';

/** The version of the JSON `save()` writes; `resume()` refuses others. */
export const SAVE_FORMAT = 1;
