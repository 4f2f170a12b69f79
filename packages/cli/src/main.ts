import { internalErrorText } from './errors.js';
import { installInterruptHandlers } from './interrupt.js';
import { run } from './program.js';

// A reader that stops early (`agentspec --help | head -3`) closes the pipe: end quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.exit(70);
  });
}

// SIGTERM/SIGINT: ours, before any framework package adds its own listeners
installInterruptHandlers((text) => process.stderr.write(text));

let settled = false;
run(process.argv.slice(2)).then(
  (code) => {
    settled = true;
    process.exitCode = code;
  },
  (e: unknown) => {
    settled = true;
    process.stderr.write(internalErrorText(e));
    process.exitCode = 70;
  },
);

// Nothing left to do but the command never finished (a promise that never settles): a bug, not success.
process.on('beforeExit', () => {
  if (settled) return;
  settled = true;
  process.stderr.write(internalErrorText(new Error('the command stopped before finishing: it waited on something that can never happen')));
  process.exitCode = 70;
});
