import { CAUGHT_EXCEPTION_BRANCH, CAUGHT_EXCEPTION_INFO, type Property } from '@agentspec/core';
import { RuntimeError } from '../errors.js';

/**
 * Whether a CatchExceptionNode catches `error` (DESIGN §4.2): every failure
 * of its subflow — a tool that throws, an LLM or HTTP error after its
 * retries, a timeout, a missing input, a step limit — but not a cancelled
 * run (the caller stopped it) and not a pause (an interrupt is not an
 * exception: `isPause` says what a pause is on the runtime). Retries happen first, inside the call that failed: what is
 * caught is the failure that is left.
 */
export function isCatchable(error: unknown, isPause: (error: unknown) => boolean): boolean {
  if (isPause(error)) return false;
  return !(RuntimeError.isInstance(error) && (error as RuntimeError).code === 'AS_CANCELLED');
}

/**
 * `caught_exception_info`: the error's code and message (the runtime's own
 * text, which never carries secrets: URLs are redacted, keys never printed),
 * without its hint; a foreign error's message as it is.
 */
export function caughtExceptionInfo(error: unknown): string {
  if (RuntimeError.isInstance(error)) {
    const e = error as RuntimeError;
    return e.hint !== undefined && e.message.endsWith(` (hint: ${e.hint})`) ? e.message.slice(0, -` (hint: ${e.hint})`.length) : e.message;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** What a CatchExceptionNode gives when it caught an exception: each output's default, the info, the exception branch. */
export function caughtOutcome(outputs: readonly Property[] | null | undefined, info: string): { outputs: Record<string, unknown>; branch: string } {
  const values: Record<string, unknown> = {};
  for (const p of outputs ?? []) values[p.title] = p.title === CAUGHT_EXCEPTION_INFO ? info : 'default' in p ? structuredClone(p.default) : null;
  values[CAUGHT_EXCEPTION_INFO] = info;
  return { outputs: values, branch: CAUGHT_EXCEPTION_BRANCH };
}
