#!/usr/bin/env node
// The `agentspec` command. Node's compile cache first (Node ≥ 22.1; NODE_DISABLE_COMPILE_CACHE=1 turns it off):
// every run after the first starts from the bytecode of the CLI and the packages it loads, which a
// one-document-per-process CLI otherwise compiles anew each time. Then the CLI itself.
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./main.js');
