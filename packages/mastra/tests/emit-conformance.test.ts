// Every conformance case on modules written by emitMastra: the runtime's
// `compile` hook emits the module of the component it is given (the runner
// has put its local server URLs in), writes it to tests/.emitted/, imports it
// and calls its `build` with the load options.
import type { Component } from '@agentspec/core';
import { hasTransforms, type Runtime } from '@agentspec/runtime';
import { describe, expect, it } from 'vitest';
import { mastraRuntime, type CompileMastraOptions, type MastraCompiled } from '../src/index.js';
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

/** What the emitted modules built, by root type: a case the runtime ran without the emitted module does not count. */
const built = new Map<string, string[]>();
const build = async (component: Component, options: CompileMastraOptions): Promise<MastraCompiled> => {
  const compiled = await emittedCompile(component, options);
  const key = hasTransforms(component) ? `${compiled.kind}+transforms` : compiled.kind;
  built.set(key, [...(built.get(key) ?? []), component.id]);
  return compiled;
};

await conformance.describeConformance(() => mastraRuntime({ build }), {
  filter,
  // what emitted modules do not do yet, with the reasons
  knownGapsDir: new URL('../../../conformance/known-gaps-emitted', import.meta.url).pathname,
  // span trees are not checked here: the emitted module's own graph/agent code writes no spans (or not all of them) yet
  traces: false,
});

describe('emitted conformance', () => {
  it('runs every valid case', () => {
    expect(conformance.collectCases(conformance.DEFAULT_CASES_DIR, filter).cases.length).toBe(194);
  });

  // the runtime runs Swarms and ManagerWorkers itself (GroupEngine) and applies transforms itself when a build hook leaves
  // them out: these cases count only if the emitted module built the group's agents, and the transforms' agents
  it('ran the groups and the message transforms of the cases on the emitted modules', () => {
    expect(new Set(built.get('group'))).toEqual(new Set(['desk', 'team', 'ping-pong']));
    expect(built.get('group')?.length).toBeGreaterThanOrEqual(6);
    expect(built.get('agent+transforms')?.length).toBeGreaterThanOrEqual(4);
    expect(built.get('workflow+transforms')).toEqual(['triage']);
  });
});
