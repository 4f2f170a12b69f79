/** Exit codes of `agentspec`, documented in the CLI README. */
export const EXIT = {
  /** Everything asked for succeeded (every document valid). */
  OK: 0,
  /** At least one document is invalid, or the operation failed on its input. */
  INVALID: 1,
  /** The command line is wrong (unknown command/option, missing argument, unreadable file). */
  USAGE: 2,
} as const;
