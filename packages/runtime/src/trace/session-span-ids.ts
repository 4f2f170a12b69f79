import { hash, randomBytes } from 'node:crypto';

/** A random seed for a session's span ids (16 hex digits), kept in its saved state. */
export function newSpanSeed(): string {
  return randomBytes(8).toString('hex');
}

/**
 * The span ids of one session: a span's id is derived from the session's
 * seed and the span's stable position in the execution (`/flow#0/node#2`…),
 * so a run that replays into a span started by an earlier run (a resumed
 * pause, a retried failure) names it by the id that run announced — its live
 * children and its end then belong to that span (Agent Spec Tracing: a
 * resumed run links to the spans of the run it continues). Ids are unique in
 * the session: positions are.
 */
export function sessionSpanIds(seed: string): (position: string) => string {
  const ids = new Map<string, string>();
  return (position) => {
    let id = ids.get(position);
    if (id === undefined) ids.set(position, (id = `span_${seed}_${hash('sha256', position, 'hex').slice(0, 16)}`));
    return id;
  };
}
