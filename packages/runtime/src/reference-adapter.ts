import type { FrameworkAdapter } from './adapter.js';
import { REFERENCE_CAPABILITIES } from './admit/reference-capabilities.js';
import { referenceRuntime } from './reference-runtime.js';

/** The reference interpreter as an adapter: a runtime only (there is no framework to compile to, emit for or import from). */
export const referenceAdapter: FrameworkAdapter = {
  name: 'reference',
  framework: 'Agent Spec reference interpreter',
  capabilities: { runtime: REFERENCE_CAPABILITIES },
  runtime: () => referenceRuntime(),
};
