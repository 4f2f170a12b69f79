import type { RunStatus, RuntimeEvent } from '@agentspec/runtime';

/** The events of a run as an async iterable, ending with `RunStatus` (or `RunError`) — the Session.stream() contract. */
export async function* eventStream(run: (emit: (e: RuntimeEvent) => void) => Promise<RunStatus>): AsyncIterable<RuntimeEvent> {
  const buffer: RuntimeEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const push = (e: RuntimeEvent): void => {
    buffer.push(e);
    wake?.();
  };
  run(push).then(
    (status) => push({ type: 'RunStatus', status }),
    (e: unknown) => push({ type: 'RunError', error: { code: (e as { code?: string }).code ?? 'AS_INTERNAL', message: (e as Error).message ?? String(e) } }),
  ).finally(() => {
    done = true;
    wake?.();
  });
  for (;;) {
    while (buffer.length > 0) {
      const e = buffer.shift() as RuntimeEvent;
      yield e;
      if (e.type === 'RunStatus' || e.type === 'RunError') return;
    }
    if (done) return;
    await new Promise<void>((r) => (wake = r));
    wake = undefined;
  }
}
