#!/usr/bin/env node
import { internalErrorText } from './errors.js';
import { run } from './program.js';

// A reader that stops early (`agentspec --help | head -3`) closes the pipe: end quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.exit(70);
  });
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(internalErrorText(e));
    process.exitCode = 70;
  },
);
