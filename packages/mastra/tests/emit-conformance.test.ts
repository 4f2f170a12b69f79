// Every conformance case on modules written by emitMastra: the runtime's
// `compile` hook emits the module of the component it is given (the runner
// has put its local server URLs in), writes it to tests/.emitted/, imports it
// and calls its `build` with the load options.
import type { Runtime } from '@agentspec/runtime';
import { describe, expect, it } from 'vitest';
import { mastraRuntime } from '../src/index.js';
import { emittedCompile } from './emit-helpers.js';

interface Conformance {
  describeConformance(factory: () => Runtime, options: { filter: (id: string) => boolean; knownGapsDir: string; traces?: boolean }): Promise<void>;
  collectCases(dir: string, filter: (id: string) => boolean): { cases: readonly unknown[] };
  DEFAULT_CASES_DIR: string;
}

// @agentspec/conformance depends on this package: it is loaded from its sources (not a dependency, not typechecked here)
const conformance = await import(/* @vite-ignore */ new URL('../../../conformance/src/index.ts', import.meta.url).href) as Conformance;

/** The rule: Agents and Flows are both emitted, so every valid case runs (the `_invalid_` documents never reach a compiler). */
const filter = (id: string) => !id.startsWith('_invalid_/');

await conformance.describeConformance(() => mastraRuntime({ build: emittedCompile }), {
  filter,
  // what emitted modules do not do yet, with the reasons
  knownGapsDir: new URL('../../../conformance/known-gaps-emitted', import.meta.url).pathname,
  // span trees are not checked here: the emitted module's own graph/agent code writes no spans (or not all of them) yet
  traces: false,
});

describe('emitted conformance', () => {
  it('runs every valid case', () => {
    expect(conformance.collectCases(conformance.DEFAULT_CASES_DIR, filter).cases.length).toBe(178);
  });
});
