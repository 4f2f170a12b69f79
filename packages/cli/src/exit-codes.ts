/** Exit codes of `agentspec`, documented in the CLI README (one table, tested). */
export const EXIT = {
  /** Everything asked for succeeded (every document valid, every run agreed, every case passed). */
  OK: 0,
  /** The input is invalid (a spec with errors, a file that is not a program of the named framework), runtimes
   * disagree (`run --runtime all`), or conformance cases failed. */
  INVALID: 1,
  /** The command line is wrong: unknown command or option, missing argument, bad option value, missing file. */
  USAGE: 2,
  /** The spec is valid but running it failed (LLM unreachable, tool failed, …): the coded error is printed. */
  RUN_FAILED: 3,
  /** A bug of agentspec itself (never a user mistake): the message asks to report it. */
  INTERNAL: 70,
  /** The session `run --resume`/`--save` names is held by another process (AS_SESSION_BUSY): nothing ran; try again when it is done. */
  BUSY: 75,
  /** Stopped by SIGINT (Ctrl-C): the run was aborted, its session saved when `--save` was given. */
  INTERRUPTED: 130,
  /** Stopped by SIGTERM: the same. */
  TERMINATED: 143,
} as const;
