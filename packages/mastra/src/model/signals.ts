/**
 * An abort signal that fires when any of `sources` does; `dispose()` removes
 * its listeners from them (a run's signal outlives the requests linked to it).
 */
export function linkedSignal(sources: readonly (AbortSignal | undefined)[]): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const listeners: [AbortSignal, () => void][] = [];
  for (const s of sources) {
    if (!s) continue;
    if (s.aborted) controller.abort(s.reason);
    const onAbort = () => controller.abort(s.reason);
    s.addEventListener('abort', onAbort, { once: true });
    listeners.push([s, onAbort]);
  }
  return {
    signal: controller.signal,
    dispose() {
      for (const [s, l] of listeners) s.removeEventListener('abort', l);
    },
  };
}
