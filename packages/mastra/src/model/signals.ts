/**
 * An abort signal that fires when any of `sources` does, or after
 * `timeoutMs` (a `TimeoutError`). Built from an AbortController and a timer
 * rather than AbortSignal.any/timeout, whose signals Node 20 may garbage-collect
 * before they fire (a request would then never time out).
 */
export function linkedSignal(sources: readonly (AbortSignal | undefined)[], timeoutMs?: number): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const listeners: [AbortSignal, () => void][] = [];
  for (const s of sources) {
    if (!s) continue;
    if (s.aborted) controller.abort(s.reason);
    const onAbort = () => controller.abort(s.reason);
    s.addEventListener('abort', onAbort, { once: true });
    listeners.push([s, onAbort]);
  }
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  timer?.unref?.();
  return {
    signal: controller.signal,
    dispose() {
      if (timer) clearTimeout(timer);
      for (const [s, l] of listeners) s.removeEventListener('abort', l);
    },
  };
}
