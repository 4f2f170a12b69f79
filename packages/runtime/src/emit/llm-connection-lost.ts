import { LLM_CONNECTION_LOST_CODES } from '../llm/llm-http-error.js';
import type { Snippet } from './snippet.js';

/**
 * Whether an error of an LLM request is its connection closing before the
 * answer was complete: the rule of `llmConnectionLost` of @agentspec/runtime
 * (llm/llm-http-error.ts), written into emitted modules, which code such an
 * error AS_LLM_HTTP (the answer was not delivered), not AS_LLM_RESPONSE.
 */
export const llmConnectionLost: Snippet<never> = {
  declares: ['llmConnectionLost', 'LLM_CONNECTION_LOST_CODES'],
  needs: [],
  code: `/** Error codes of a connection that closed under a request or its answer. */
const LLM_CONNECTION_LOST_CODES: ReadonlySet<string> = new Set([${LLM_CONNECTION_LOST_CODES.map((c) => `'${c}'`).join(', ')}]);

/** Whether \`error\`, or an error it wraps (\`cause\`), is the connection to the LLM endpoint closing before its answer was complete. */
function llmConnectionLost(error: unknown): boolean {
  let x = error;
  for (let depth = 0; typeof x === 'object' && x !== null && depth < 8; depth++) {
    const o = x as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
    if (o.name === 'TypeError' && o.message === 'terminated') return true;
    if (typeof o.code === 'string' && LLM_CONNECTION_LOST_CODES.has(o.code)) return true;
    x = o.cause;
  }
  return false;
}`,
};
