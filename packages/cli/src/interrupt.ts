/**
 * The CLI owns SIGTERM and SIGINT (DESIGN §11). The first signal aborts the
 * running `agentspec run` (through the `signal` load option), which then
 * saves its session when `--save` is given, prints one line and exits 143
 * (SIGTERM) or 130 (SIGINT); a command that is not holding the signal, a
 * second signal, or a run that does not stop within the grace period exits at
 * once with the same code. Because this listener is installed first, the
 * OpenAI Agents SDK's own listeners (its tracing provider calls
 * `process.exit(0)` on SIGTERM, but only when it is the sole listener) never
 * end the process.
 */
import { EXIT } from './exit-codes.js';

export const SIGNAL_EXIT = { SIGINT: EXIT.INTERRUPTED, SIGTERM: EXIT.TERMINATED } as const;
export type StopSignal = keyof typeof SIGNAL_EXIT;

/** How long a held run may take to stop after the first signal. */
const GRACE_MS = 5_000;

const controller = new AbortController();
let received: StopSignal | undefined;
let holders = 0;

/** The signal a held run loads with: aborted on the first SIGTERM/SIGINT. */
export const interruptSignal: AbortSignal = controller.signal;

/** The signal received, if any. */
export function interrupted(): StopSignal | undefined {
  return received;
}

/** The one line printed when a signal stops the CLI. */
export function interruptLine(signal: StopSignal, detail = ''): string {
  return `agentspec: stopped by ${signal}${detail ? `: ${detail}` : ''}\n`;
}

/** Let the caller stop by itself on the first signal (it must check {@link interrupted}); returns the release. */
export function holdInterrupts(): () => void {
  holders += 1;
  let released = false;
  return () => {
    if (!released) holders -= 1;
    released = true;
  };
}

/** Install the CLI's SIGTERM and SIGINT listeners (bin.ts, before anything else loads). */
export function installInterruptHandlers(write: (text: string) => void): void {
  for (const signal of Object.keys(SIGNAL_EXIT) as StopSignal[]) {
    process.on(signal, () => {
      const code = SIGNAL_EXIT[signal];
      if (received !== undefined || holders === 0) {
        if (received === undefined) write(interruptLine(signal));
        process.exit(code);
      }
      received = signal;
      controller.abort(new Error(`stopped by ${signal}`));
      setTimeout(() => {
        write(interruptLine(signal, `the run did not stop within ${GRACE_MS / 1000} s`));
        process.exit(code);
      }, GRACE_MS).unref();
    });
  }
}
