import { readFile } from 'node:fs/promises';
import type { FrameworkAdapter } from '@agentspec/runtime';
import { MASTRA_CAPABILITIES } from './capabilities.js';
import { compileMastra } from './compile/compile-mastra.js';
import { MASTRA_RUNTIME_NAME } from './constants.js';
import { emitMastra } from './emit/index.js';
import { importMastra } from './import/import-mastra.js';
import { mastraRuntime } from './runtime/mastra-runtime.js';

/** Mastra for agentspec's registry (DESIGN §2.1): runtime, compile, emit, import. */
export const mastraAdapter: FrameworkAdapter = {
  name: MASTRA_RUNTIME_NAME,
  framework: 'Mastra',
  capabilities: MASTRA_CAPABILITIES,
  runtime: () => mastraRuntime(),
  compile: compileMastra,
  emit: emitMastra,
  // the module's text, when the CLI names it: steps that ask an agent are recognized in it
  import: async (program, context) => {
    const programSource = context?.modulePath ? await readFile(context.modulePath, 'utf8').catch(() => undefined) : undefined;
    return importMastra(program, programSource !== undefined ? { programSource } : {});
  },
};
