import { EXIT } from '../exit-codes.js';
import { errorLine } from '../errors.js';
import { holdInterrupts, interruptSignal } from '../interrupt.js';
import type { Io } from '../io.js';
import { loadServed, type ServeOptions } from './serve.js';

/**
 * `agentspec acp <spec>`: speak the Agent Client Protocol on stdin/stdout
 * (an editor starts it as its agent) until the client closes the connection
 * or a signal stops it. Sessions live in the store, as with `serve`; nothing
 * but protocol messages is written to stdout.
 */
export async function acpCommand(io: Io, file: string, options: ServeOptions): Promise<number> {
  const served = await loadServed({ ...io, stdout: io.stderr }, file, options);
  if (typeof served === 'number') return served;
  const { SessionHost, connectAcp } = await import('@agentspec/server');
  const release = holdInterrupts();
  try {
    const host = new SessionHost({ component: served.component, runtimes: served.runtimes, store: served.store, tools: served.tools, ...(served.llm ? { llm: served.llm } : {}) });
    const connection = connectAcp(host, process.stdin, process.stdout);
    await Promise.race([connection.closed, new Promise((resolve) => interruptSignal.addEventListener('abort', resolve, { once: true }))]);
    connection.close();
    return EXIT.OK;
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown };
    io.stderr(errorLine(typeof err.code === 'string' ? err.code : 'ERROR', String(err.message ?? e)));
    return EXIT.RUN_FAILED;
  } finally {
    release();
    await served.store.close();
    await served.llmServer?.close();
  }
}
