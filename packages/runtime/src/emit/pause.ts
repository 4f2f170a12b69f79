import type { Snippet } from './snippet.js';

/**
 * The wait between two attempts of a call in an emitted module (the httpCall
 * and mcpRequest retries): as the runtime's retries wait, AS_CANCELLED as soon
 * as the run's signal aborts, with the message the call gives.
 */
export const pause: Snippet<'codedError'> = {
  declares: ['pause'],
  needs: ['codedError'],
  code: `/** Wait \`ms\`; AS_CANCELLED (with \`cancelled\` as its message) as soon as \`signal\` aborts. */
function pause(ms: number, signal: AbortSignal | undefined, cancelled: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CodedError('AS_CANCELLED', cancelled));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}`,
};
