import { RUNTIME_ERROR_CODES, RuntimeError, type ErrorSite, type RunStatus } from '@agentspec/runtime';
import { SHARED_KEY, type FlowEnvelope } from '../compile/flow/frame.js';
import type { StepSuspension } from '../compile/flow/nodes/types.js';

/** What `run.start()` / `run.resume()` of a Mastra workflow resolve to (the fields read here). */
export interface WorkflowResult {
  readonly status: string;
  readonly result?: Record<string, unknown>;
  readonly error?: unknown;
  readonly suspendPayload?: unknown;
}

/** The suspension a compiled step left in Mastra's (nested) suspend payload. */
function suspensionIn(payload: unknown, depth = 0): StepSuspension | undefined {
  if (typeof payload !== 'object' || payload === null || depth > 32) return undefined;
  const own = (payload as { agentspec?: unknown }).agentspec;
  if (typeof own === 'object' && own !== null && 'type' in own) return own as StepSuspension;
  for (const v of Object.values(payload)) {
    const s = suspensionIn(v, depth + 1);
    if (s) return s;
  }
  return undefined;
}

/** The status of a workflow run that stopped (DESIGN §4.1); a failed run throws its RuntimeError. */
export function statusOf(result: WorkflowResult): RunStatus {
  if (result.status === 'success') {
    const { [SHARED_KEY]: envelope, ...outputs } = result.result ?? {};
    const env = (envelope ?? {}) as FlowEnvelope;
    return { type: 'finished', outputs, branch: env.branch ?? 'next', messages: [...(env.shared?.messages ?? [])] };
  }
  if (result.status === 'suspended') {
    const s = suspensionIn(result.suspendPayload);
    if (!s) throw new RuntimeError('AS_INVALID_STATE', 'the workflow suspended in a step that is not an Agent Spec node');
    const messages = [...s.messages];
    if (s.type === 'user_input') return { type: 'user_input', messages };
    return { type: s.type, requests: s.requests.map((r) => ({ id: r.id, name: r.name, args: { ...r.args } })), messages };
  }
  if (result.status === 'failed') throw errorOf(result.error);
  throw new RuntimeError('AS_CANCELLED', `the workflow run ended with status '${result.status}'`);
}

/** The RuntimeError a step threw, rebuilt from what Mastra kept of it (code, message, site). */
export function errorOf(error: unknown): Error {
  if (RuntimeError.isInstance(error)) return error;
  const e = (error ?? {}) as { code?: unknown; message?: unknown; site?: unknown; hint?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && Object.hasOwn(RUNTIME_ERROR_CODES, e.code)) {
    const site = (typeof e.site === 'object' && e.site !== null ? e.site : {}) as ErrorSite;
    const hint = typeof e.hint === 'string' ? e.hint : undefined;
    // the message as RuntimeError wrote it: `CODE: text [site] (hint: …)`; rebuilt from its parts
    let message = String(e.message ?? e.code);
    if (hint !== undefined && message.endsWith(` (hint: ${hint})`)) message = message.slice(0, -` (hint: ${hint})`.length);
    if (message.startsWith(`${e.code}: `)) message = message.slice(e.code.length + 2);
    message = message.replace(/ \[[^\]]*\]$/, '');
    return new RuntimeError(e.code as keyof typeof RUNTIME_ERROR_CODES, message, site, hint !== undefined ? { hint } : undefined);
  }
  if (e.cause) return errorOf(e.cause);
  return error instanceof Error ? error : new Error(String(e.message ?? error));
}
