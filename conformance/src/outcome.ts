/** What running one case on one runtime gave. */
import type { Difference } from './compare.js';

/** The first difference, located: `path` is a JSON Pointer into case.yaml. */
export interface CaseDifference extends Difference {
  /** Index of the run in `runs:` (absent for invalid cases). */
  readonly run?: number;
  /** Index of the step in that run (absent for `llmRequests` and invalid cases). */
  readonly step?: number;
}

/** An exception nobody expected (a run rejecting where a status was expected, a load error, a timeout). */
export interface UnexpectedError {
  readonly code: string;
  readonly message: string;
  readonly run?: number;
  readonly step?: number;
}

export type CaseOutcome =
  | { readonly status: 'pass'; readonly durationMs: number }
  | { readonly status: 'fail'; readonly durationMs: number; readonly difference: CaseDifference }
  | { readonly status: 'error'; readonly durationMs: number; readonly error: UnexpectedError };

/** The `code` of an error (RuntimeError, AgentSpecError, Node system errors), or `UNCODED_ERROR`. */
export function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : 'UNCODED_ERROR';
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
