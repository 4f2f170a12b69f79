import { checkOptions } from './check-options.js';
import type { OptionShape } from './option-rules.js';

/** The options of `load()` (RuntimeLoadOptions), the same for every runtime. */
export const LOAD_OPTIONS: OptionShape = {
  tools: { record: 'function' },
  llm: {
    shape: {
      override: { shape: { url: 'string', apiKey: 'string', model: 'string' }, required: ['url'] },
      apiKey: 'string', credentialHosts: { list: 'string' }, timeoutMs: 'number', retries: 'number',
    },
  },
  limits: {
    shape: {
      maxSteps: 'number', maxAgentSteps: 'number', mapConcurrency: 'number', parallelism: 'number', maxHandoffs: 'number',
      http: { shape: { timeoutMs: 'number', retries: 'number', maxRedirects: 'number', maxBodyBytes: 'number' } },
    },
  },
  network: {
    shape: {
      allow: { list: 'string' },
      allowStdio: { list: { anyOf: ['string', { shape: { command: 'string', args: { list: 'string' } }, required: ['command'] }] } },
      lookup: 'function',
    },
  },
  signal: 'signal',
  checkpointer: 'any',
  retainFinished: { anyOf: ['count', { oneOf: ['all'] }] },
};

/** Where a load option given to a factory goes instead. */
const AT_LOAD: Readonly<Record<string, string>> = Object.fromEntries(Object.keys(LOAD_OPTIONS).map((key) => [
  key, `'${key}' is an option of load(), not of the runtime: runtime.load(component, { ${key}${key === 'llm' ? ': { override: { url } }' : ''} })`,
]));

/**
 * Check the options of a runtime factory (`name` is the factory, e.g.
 * `langgraphRuntime`) against the runtime's own shape: the one option check
 * every runtime package uses. Throws OptionsError (AS_OPTIONS_INVALID).
 */
export function checkRuntimeOptions(name: string, options: unknown, shape: OptionShape): void {
  checkOptions(name, options, shape, AT_LOAD);
}

/** Check the options given to `load()` of a runtime. Throws OptionsError (AS_OPTIONS_INVALID). */
export function checkLoadOptions(name: string, load: unknown): void {
  checkOptions(`${name}.load`, load, LOAD_OPTIONS);
}
