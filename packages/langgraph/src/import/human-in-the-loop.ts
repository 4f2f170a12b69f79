/**
 * `humanInTheLoopMiddleware({ interruptOn })` of a `createAgent` agent: the
 * tools it interrupts on require confirmation in the spec. Its options live
 * in the closure of its hook (read with closureValue: nothing is run).
 */
import { closureValue } from '@agentspec/runtime/import';
import type { ImportContext } from './import-context.js';

interface MiddlewareLike {
  readonly name?: string;
  readonly afterModel?: unknown;
}

export const HITL_MIDDLEWARE = 'HumanInTheLoopMiddleware';

/** The tools the middleware interrupts on; undefined when it is no HITL middleware or its options cannot be read. */
export async function humanInTheLoopTools(m: MiddlewareLike, agent: string, ctx: ImportContext): Promise<string[] | undefined> {
  if (m.name !== HITL_MIDDLEWARE) return undefined;
  const after = m.afterModel as { hook?: unknown } | ((...a: never[]) => unknown) | undefined;
  const hook = typeof after === 'function' ? after : after?.hook;
  const options = (await closureValue(hook, 'options')) as { interruptOn?: Record<string, unknown> } | undefined;
  if (!options || typeof options !== 'object') return undefined;
  const tools = Object.entries(options.interruptOn ?? {})
    .filter(([, c]) => c === true || (typeof c === 'object' && c !== null && Array.isArray((c as { allowedDecisions?: unknown }).allowedDecisions)))
    .map(([name]) => name);
  ctx.warn('LG_HUMAN_IN_THE_LOOP', m.name, `${HITL_MIDDLEWARE} of agent '${agent}': ${tools.length > 0 ? `${tools.join(', ')} require${tools.length === 1 ? 's' : ''} confirmation` : 'it interrupts on no tool'}; approving a call runs it, rejecting it tells the LLM (edit and respond decisions, when-predicates and descriptions are not in the spec)`);
  return tools;
}
