import type { RunStatus } from './contract.js';
import type { RuntimeEvent } from './events.js';

/**
 * `Session.stream()` for any runtime: `execute` is started with an emitter;
 * its events are yielded as they come, then `RunStatus` (or `RunError`) last.
 */
export async function* eventStream(execute: (emit: (e: RuntimeEvent) => void) => Promise<RunStatus>): AsyncIterable<RuntimeEvent> {
  const buffer: RuntimeEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const push = (e: RuntimeEvent) => {
    buffer.push(e);
    wake?.();
  };
  execute(push).then(
    (status) => push({ type: 'RunStatus', status }),
    (e: unknown) => push({ type: 'RunError', error: { code: (e as { code?: string }).code ?? 'AS_INTERNAL', message: (e as Error).message } }),
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
