/**
 * The runtimes `agentspec conformance` and `agentspec run` know by name
 * (`--runtimes a,b`): every adapter of the one registry, @agentspec/adapters
 * (a framework package adds its adapter there, not here). Each entry makes a
 * fresh runtime.
 */
import { loadAdapters } from '@agentspec/adapters';
import type { Runtime } from '@agentspec/runtime';

export type RuntimeRegistry = Readonly<Record<string, () => Runtime>>;

export const RUNTIMES: RuntimeRegistry = Object.fromEntries((await loadAdapters()).map((a) => [a.name, () => a.runtime()]));
