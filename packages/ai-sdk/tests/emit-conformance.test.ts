// Every conformance case whose spec is an Agent, on aiSdkRuntime driving the
// ToolLoopAgent of the module emitAiSdk writes for it (the runtime's `build`
// option calls the module's `build`) instead of the one compileAiSdk builds.
// Rule: Flows are AS_UNSUPPORTED for emitAiSdk (they run on aiSdkRuntime's
// interpreter, which the `build` option does not change), so exactly the
// Agent cases run here — all of them.
import type { Runtime } from '@agentspec/runtime';
import { expect, it } from 'vitest';
import { aiSdkRuntime } from '../src/index.js';
import { conformanceAgents } from './helpers/conformance-agents.js';
import { emittedBuilder } from './helpers/emitted-module.js';

/** The valid cases whose spec is an Agent. */
const AGENT_CASES = new Set(conformanceAgents(undefined, { withToolboxes: true, withTransforms: true }).map((c) => c.id));
const EXPECTED_AGENT_CASES = 70;

let builds = 0;
const build = emittedBuilder('conformance');

// The conformance package depends on this one, not the reverse: its source is imported by path.
const conformance = new URL('../../../conformance/src/index.ts', import.meta.url).href;
const { describeConformance } = (await import(conformance)) as {
  describeConformance(factory: () => Runtime, options: { filter: (id: string) => boolean; knownGapsDir: string }): Promise<void>;
};
const ran = new Set<string>();
await describeConformance(() => aiSdkRuntime({ build: (agent, options) => (builds++, build(agent, options)) }), {
  filter: (id) => {
    if (!AGENT_CASES.has(id)) return false;
    ran.add(id);
    return true;
  },
  // what emitted modules do not do yet, with the reasons
  knownGapsDir: new URL('../../../conformance/known-gaps-emitted', import.meta.url).pathname,
});

it(`ran every Agent case of the suite (${EXPECTED_AGENT_CASES}) on emitted modules, and no Flow`, () => {
  expect(AGENT_CASES.size).toBe(EXPECTED_AGENT_CASES);
  expect([...ran].sort()).toEqual([...AGENT_CASES].sort());
  // faults/missing-server-tool and multi-agent/datastore-* fail at load, before any session
  expect(builds).toBeGreaterThanOrEqual(EXPECTED_AGENT_CASES - 3);
});
