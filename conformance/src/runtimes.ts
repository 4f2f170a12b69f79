/**
 * The runtimes `agentspec conformance` knows by name (`--runtimes a,b`). Each
 * entry makes a fresh runtime; a framework package adds its line here.
 */
import { referenceRuntime } from '@agentspec/runtime';
import type { Runtime } from '@agentspec/runtime';

export type RuntimeRegistry = Readonly<Record<string, () => Runtime>>;

export const RUNTIMES: RuntimeRegistry = {
  reference: () => referenceRuntime(),
};
