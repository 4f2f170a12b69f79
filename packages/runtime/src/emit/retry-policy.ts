import { specRetryPolicy as readSpecRetryPolicy, TLS_FAILURE_CODE, type Jitter } from '../llm/spec-retry-policy.js';
import { literal } from './literal.js';
import type { Snippet } from './snippet.js';

const JITTERS: readonly Jitter[] = ['equal', 'full', 'full_and_equal_for_throttle', 'decorrelated', null];

/**
 * The `retry_policy` of an LLM config, a RemoteTool, an ApiNode or an MCP tool (Agent Spec 26.1.2 / 26.3.1) as a literal of the
 * `SpecRetryPolicy` type of the specRetryPolicy snippet: what `specRetryPolicy` of
 * @agentspec/runtime reads from it (the spec's defaults filled in; a jitter it
 * does not know is none, as the runtime treats it). Undefined when the config
 * has no usable one.
 */
export function retryPolicyLiteral(config: unknown, indent = '', column = indent.length): string | undefined {
  const policy = readSpecRetryPolicy(config);
  if (!policy) return undefined;
  const jitter = JITTERS.includes(policy.jitter ?? null) ? policy.jitter ?? null : null;
  const recoverable = Object.fromEntries(Object.entries(policy.recoverable_statuses).map(([status, codes]) => [status, Array.isArray(codes) ? codes.map(String) : []]));
  return literal({ ...policy, request_timeout: policy.request_timeout ?? null, jitter, recoverable_statuses: recoverable }, indent, column);
}

/**
 * The `retry_policy` of Agent Spec (26.1.2) in an emitted module: its type
 * and the two rules both the LLM fetch (llmFetch) and the HTTP call of tools
 * (httpCall) apply under it — which failures it retries, and how long to wait
 * — as `spec-retry-policy.ts` of @agentspec/runtime applies them.
 */
export const specRetryPolicy: Snippet<never> = {
  declares: ['SpecRetryPolicy', 'specRetryable', 'specRetryDelayMs'],
  needs: [],
  code: `/** A retry_policy (Agent Spec 26.1.2), seconds as in the spec. */
interface SpecRetryPolicy {
  /** Retries after the first attempt. */
  readonly max_attempts: number;
  /** Time allowed to one attempt until its response arrives (null: no limit); a timed-out attempt is retried. */
  readonly request_timeout: number | null;
  readonly initial_retry_delay: number;
  readonly max_retry_delay: number;
  readonly backoff_factor: number;
  readonly jitter: 'equal' | 'full' | 'full_and_equal_for_throttle' | 'decorrelated' | null;
  /** Any 5xx but 501 is retried. */
  readonly service_error_retry_on_any_5xx: boolean;
  /** HTTP status → textual error codes the answer must carry to be retried (an empty list: the status alone). */
  readonly recoverable_statuses: Readonly<Record<string, readonly string[]>>;
}

/** Whether the retry_policy retries a failed attempt: its status (and textual error code, when the policy names some). */
function specRetryable(spec: SpecRetryPolicy, status: number, errorCode: string | undefined): boolean {
  const codes = spec.recoverable_statuses[String(status)];
  if (codes) return codes.length === 0 || (errorCode !== undefined && codes.includes(errorCode));
  return spec.service_error_retry_on_any_5xx && status >= 500 && status !== 501;
}

/** Milliseconds before retry number \`attempt + 1\` under the retry_policy (its backoff, cap and jitter). */
function specRetryDelayMs(spec: SpecRetryPolicy, attempt: number, status: number | undefined): number {
  const base = spec.initial_retry_delay * 1000 * spec.backoff_factor ** attempt;
  const cap = spec.max_retry_delay * 1000;
  const jitter = spec.jitter === 'full_and_equal_for_throttle' ? (status !== undefined && status < 500 ? 'equal' : 'full') : spec.jitter;
  switch (jitter) {
    case 'full':
      return Math.min(Math.random() * base, cap);
    case 'equal':
      return (Math.min(base, cap) * (1 + Math.random())) / 2;
    case 'decorrelated':
      return Math.min(base + Math.random() * 1000, cap);
    default:
      return Math.min(base, cap);
  }
}`,
};

/** A TLS or certificate failure, which no retry_policy retries (the HTTP call of tools, MCP requests). */
export const isTlsFailure: Snippet<never> = {
  declares: ['isTlsFailure'],
  needs: [],
  code: `/** A TLS or certificate verification failure (never retried): \`isTlsFailure\` of @agentspec/runtime. */
function isTlsFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /${TLS_FAILURE_CODE.source}/.test(code)) return true;
  }
  return false;
}`,
};
