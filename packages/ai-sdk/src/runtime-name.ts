/** The name of this runtime in the conformance matrix and in saved sessions. */
export const AI_SDK_RUNTIME_NAME = 'ai-sdk';
