#!/usr/bin/env node
import { run } from './program.js';

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`agentspec: internal error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 70;
  },
);
