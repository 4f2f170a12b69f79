// Every conformance case whose spec is an Agent, a SpecializedAgent, a Swarm or
// a ManagerWorkers, on aiSdkRuntime driving the modules emitAiSdk writes: for
// an Agent (a SpecializedAgent is the Agent it stands for) the runtime's
// `build` option calls the module's `build` for the ToolLoopAgent instead of
// the one compileAiSdk builds; for a Swarm or ManagerWorkers its `buildGroup`
// option calls the group module's `build`, whose `group.generate` runs every
// user turn (without it, the runtime runs groups on its interpreter).
// Rule: Flows are AS_UNSUPPORTED for emitAiSdk (they run on aiSdkRuntime's
// interpreter, which the options do not change), so exactly those cases run
// here — all of them.
import type { Runtime } from '@agentspec/runtime';
import { expect, it } from 'vitest';
import { aiSdkRuntime } from '../src/index.js';
import { conformanceAgents, conformanceGroups } from './helpers/conformance-agents.js';
import { emittedBuilder, emittedGroupBuilder } from './helpers/emitted-module.js';

/** The valid cases whose spec is an Agent. */
const AGENT_CASES = new Set(conformanceAgents(undefined, { withToolboxes: true, withTransforms: true }).map((c) => c.id));
const EXPECTED_AGENT_CASES = 73;
/** The valid cases whose spec is a SpecializedAgent (run as its Agent), a Swarm or a ManagerWorkers, by case id → root id. */
const GROUPS = conformanceGroups();
const SPECIALIZED = GROUPS.filter((c) => c.component.component_type === 'SpecializedAgent');
const SPECIALIZED_CASES = new Set(SPECIALIZED.map((c) => c.id));
const GROUP_CASES = new Map(GROUPS.filter((c) => !SPECIALIZED_CASES.has(c.id)).map((c) => [c.id, c.component.id]));
const EXPECTED_SPECIALIZED_CASES = 1;
const EXPECTED_GROUP_CASES = 6;

let builds = 0;
/** The ids of the agents whose emitted module was built (a SpecializedAgent's is its own id: the merged Agent has it). */
const agentsBuilt = new Set<string>();
const build = emittedBuilder('conformance');
/** The ids of the groups whose emitted module was built. */
const groupsBuilt = new Set<string>();
const buildGroup = emittedGroupBuilder('conformance', groupsBuilt);

// The conformance package depends on this one, not the reverse: its source is imported by path.
const conformance = new URL('../../../conformance/src/index.ts', import.meta.url).href;
const { describeConformance } = (await import(conformance)) as {
  describeConformance(factory: () => Runtime, options: { filter: (id: string) => boolean; knownGapsDir: string; traces?: boolean }): Promise<void>;
};
// what emitted modules do not do yet, with the reasons
const knownGapsDir = new URL('../../../conformance/known-gaps-emitted', import.meta.url).pathname;
const ran = new Set<string>();
const runtime = () => aiSdkRuntime({ build: (agent, options) => (builds++, agentsBuilt.add(agent.id), build(agent, options)), buildGroup });
await describeConformance(runtime, {
  filter: (id) => {
    if (!AGENT_CASES.has(id) && !SPECIALIZED_CASES.has(id)) return false;
    ran.add(id);
    return true;
  },
  knownGapsDir,
});
await describeConformance(runtime, {
  filter: (id) => {
    if (!GROUP_CASES.has(id)) return false;
    ran.add(id);
    return true;
  },
  knownGapsDir,
  // span trees are not checked for groups: the group engine of `buildGroup` writes no spans yet
  traces: false,
});

it(`ran every Agent (${EXPECTED_AGENT_CASES}), SpecializedAgent (${EXPECTED_SPECIALIZED_CASES}), Swarm and ManagerWorkers (${EXPECTED_GROUP_CASES}) case of the suite on emitted modules, and no Flow`, () => {
  expect(AGENT_CASES.size).toBe(EXPECTED_AGENT_CASES);
  expect(SPECIALIZED_CASES.size).toBe(EXPECTED_SPECIALIZED_CASES);
  expect(GROUP_CASES.size).toBe(EXPECTED_GROUP_CASES);
  expect([...ran].sort()).toEqual([...AGENT_CASES, ...SPECIALIZED_CASES, ...GROUP_CASES.keys()].sort());
  // faults/missing-server-tool and multi-agent/datastore-* fail at load, before any session
  expect(builds).toBeGreaterThanOrEqual(EXPECTED_AGENT_CASES + EXPECTED_SPECIALIZED_CASES - 3);
});

it('ran every Swarm and ManagerWorkers case on its emitted module (the runtime would run them on its interpreter otherwise), every SpecializedAgent case on its Agent\'s', () => {
  expect([...groupsBuilt].sort()).toEqual([...new Set(GROUP_CASES.values())].sort());
  for (const c of SPECIALIZED) expect(agentsBuilt, c.id).toContain(c.component.id);
});
