import type { Snippet } from './snippet.js';

/** The error an emitted module throws when a run fails: `code` is one of RUNTIME_ERROR_CODES (`AS_…`). */
export const codedError: Snippet<never> = {
  declares: ['CodedError'],
  needs: [],
  code: `/** A failed run, with the Agent Spec error code (\`AS_…\`) that says why, as the @agentspec runtimes report it. */
export class CodedError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CodedError';
    this.code = code;
  }
}`,
};
