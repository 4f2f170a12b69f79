import { AgentSpecError } from '@agentspec/core';

/** Every code an eval error may carry. Stable: added to, never renamed. */
export const EVAL_ERROR_CODES = {
  AS_EVAL_DATASET: 'A dataset file cannot be read or an item is malformed (the message names the file, line or item and the field).',
  AS_EVAL_CONFIG: 'An eval config (file or options) is malformed: an unknown key, a missing spec, a bad number.',
  AS_EVAL_METRIC: 'A metric is unknown, has bad options, or failed while scoring (a SQL database that cannot be opened, a judge that did not answer).',
  AS_EVAL_TIMEOUT: 'An item run did not end within the per-item time limit.',
  AS_EVAL_RESULTS: 'The results file cannot be read or belongs to another dataset (resume refused).',
  AS_EVAL_QUEUE: 'The Redis queue cannot be reached, or a worker reported a failure it could not run.',
  AS_EVAL_BASELINE: 'The --compare baseline is not a report.json of agentspec eval.',
} as const;

export type EvalErrorCode = keyof typeof EVAL_ERROR_CODES;

/** A failure of the eval harness itself (not of the agent under test, whose runs fail with runtime codes). */
export class EvalError extends AgentSpecError {
  declare readonly code: EvalErrorCode;

  constructor(code: EvalErrorCode, message: string, options?: { hint?: string; cause?: unknown }) {
    super(code, message, options);
    this.name = 'EvalError';
  }
}
