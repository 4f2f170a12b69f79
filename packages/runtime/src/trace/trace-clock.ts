let last = 0;

/**
 * Now, in nanoseconds since the epoch, for the timestamps of run events:
 * wall-clock time with the sub-millisecond part of the monotonic clock, and
 * strictly increasing in the process (Agent Spec Tracing: producers should
 * use monotonic clocks), so events and spans keep their order even within
 * one millisecond.
 */
export function traceTime(): number {
  const now = Math.round((performance.timeOrigin + performance.now()) * 1e6);
  last = Math.max(now, last + 1);
  return last;
}
