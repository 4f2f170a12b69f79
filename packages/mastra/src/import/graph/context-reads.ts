const READS = ['getInitData', 'getStepResult', 'iterationCount', 'state', 'setState', 'requestContext', 'runtimeContext'] as const;

/** What of its execute context a condition or mapping function reads besides `inputData` (from its source). */
export function contextReads(fn: unknown): string[] {
  if (typeof fn !== 'function') return [];
  const source = String(fn);
  return READS.filter((r) => new RegExp(`\\b${r}\\b`).test(source));
}
