import { RUNTIME_ERROR_CODES, RuntimeError, type ErrorSite, type RuntimeErrorCode } from '@agentspec/runtime';
import { chain } from '../model/sdk-errors.js';

/**
 * An error carrying an Agent Spec runtime code (`code: 'AS_…'`, as the
 * modules emitOpenAiAgents writes throw them: they depend on no @agentspec
 * package) as a RuntimeError with that code; anything else unchanged.
 * RuntimeErrors and errors with other codes are left to toRuntimeError.
 */
export function withAgentSpecCode(e: unknown, site: ErrorSite): unknown {
  for (const x of chain(e)) {
    if (RuntimeError.isInstance(x)) return e;
    const code = (x as { code?: unknown }).code;
    if (x instanceof Error && typeof code === 'string' && Object.hasOwn(RUNTIME_ERROR_CODES, code)) {
      return new RuntimeError(code as RuntimeErrorCode, x.message, site, { cause: e });
    }
  }
  return e;
}
