/**
 * Crash points for fault-injection tests (DESIGN §11): with
 * `AGENTSPEC_CRASH_AT=<point>:<n>` in its environment, a process kills itself
 * (SIGKILL, as `kill -9` would) right after the n-th time it passes that
 * point — `llm-response` (an LLM answer recorded), `tool` (a tool result
 * recorded), `save` (a session checkpoint written). Without the variable this
 * does nothing.
 */
export type CrashPoint = 'llm-response' | 'tool' | 'save';

const passed = new Map<CrashPoint, number>();

/** Read once: a process is started with the variable (reading process.env costs on every LLM answer and tool result). */
const WANTED = process.env.AGENTSPEC_CRASH_AT;

export function crashPoint(point: CrashPoint): void {
  const wanted = WANTED;
  if (!wanted) return;
  const n = (passed.get(point) ?? 0) + 1;
  passed.set(point, n);
  if (wanted === `${point}:${n}`) process.kill(process.pid, 'SIGKILL');
}
