// The conformance suite on openaiAgentsRuntime() driving the agents of emitted modules: for each
// session, the runtime's `compile` hook emits the spec's module (emitOpenAiAgents), writes it to
// tests/.emitted/conformance/, imports it and calls its build() with the options of the compile.
//
// Which cases run: every valid case whose spec is an Agent. Flows are AS_UNSUPPORTED on this target
// (they run on openaiAgentsRuntime()'s reference interpreter, with nothing to emit), so the cases of
// Flows, and the invalid documents of _invalid_ (no module to emit), are left out.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Runtime } from '@agentspec/runtime';
import { openaiAgentsRuntime } from '../src/index.js';
import { conformanceSpecs } from './helpers/conformance-specs.js';
import { built, compileThroughEmittedModule, EMITTED_DIR } from './helpers/emitted-modules.js';

/** describeConformance of @agentspec/conformance (not a dependency of this package: loaded from the repository). */
type DescribeConformance = (runtime: () => Runtime, options: { readonly filter: (id: string) => boolean; readonly knownGapsDir: string }) => Promise<void>;
const { describeConformance } = (await import(new URL('../../../conformance/src/vitest.ts', import.meta.url).href)) as { describeConformance: DescribeConformance };

rmSync(join(EMITTED_DIR, 'conformance'), { recursive: true, force: true });
const valid = conformanceSpecs({ withToolboxes: true, withTransforms: true });
const agentCases = new Set(valid.filter((c) => c.spec.component_type === 'Agent').map((c) => c.id));

describe('emitted modules on the conformance suite', () => {
  it('runs every Agent case (the rule above): 70 of the valid cases', () => {
    expect(agentCases.size).toBe(70);
    // the others: Flows, A2AAgents (run by the runtime's A2A client, nothing emitted), and Swarms, ManagerWorkers and
    // SpecializedAgents (not emitted: the emitter refuses them)
    const others = ['Flow', 'A2AAgent', 'Swarm', 'ManagerWorkers', 'SpecializedAgent'];
    expect(valid.length - agentCases.size).toBe(valid.filter((c) => others.includes(c.spec.component_type)).length);
  });
});

afterAll(() => {
  // every case built its agent through the hook but missing-server-tool and multi-agent/datastore-* (load errors, before any
  // build); multi-agent/summarization-* build theirs (the module applies its transforms, with the runtime's traced
  // summarizer), and so do llm/generic-config-agent and tools/builtin-* (the generic LlmConfig, the SDK's hosted tools)
  expect(built.count).toBeGreaterThanOrEqual(agentCases.size - 3);
});

await describeConformance(() => openaiAgentsRuntime({ build: compileThroughEmittedModule }), {
  filter: (id) => agentCases.has(id),
  // what emitted modules do not do yet, with the reasons
  knownGapsDir: new URL('../../../conformance/known-gaps-emitted', import.meta.url).pathname,
});
