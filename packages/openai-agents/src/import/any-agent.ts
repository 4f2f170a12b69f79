import type { Agent } from '@openai/agents';

/** Any SDK agent, whatever its context and output types (the importer reads them all). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAgent = Agent<any, any>;
