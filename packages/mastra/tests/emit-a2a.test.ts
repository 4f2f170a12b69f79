// An A2AAgent in an AgentNode of an emitted flow module: the module's workflow step (flowSteps) runs it with the A2A
// client of @agentspec/runtime. describeEmittedA2a (@agentspec/conformance) checks that spec strings stay data, that
// the connection's secret is not written and that the client's rules apply, on the emitted module.
import { afterAll, expect } from 'vitest';
import type { Component } from '@agentspec/core';
import type { Runtime } from '@agentspec/runtime';
import { emitMastra, mastraRuntime, type CompileMastraOptions } from '../src/index.js';
import { emittedCompile } from './emit-helpers.js';

// @agentspec/conformance depends on this package: its source is imported by path
const rules = new URL('../../../conformance/src/vitest-emitted-a2a.ts', import.meta.url).href;
const { describeEmittedA2a } = (await import(/* @vite-ignore */ rules)) as {
  describeEmittedA2a(runtime: () => Runtime, emit: (component: Component) => { readonly code: string }): Promise<void>;
};

let builds = 0;
const build = (component: Component, options: CompileMastraOptions) => {
  builds++;
  return emittedCompile(component, options);
};

await describeEmittedA2a(() => mastraRuntime({ build }), (flow) => emitMastra(flow));

afterAll(() => {
  // the runs were the emitted modules' (built by the runtime's build hook)
  expect(builds).toBe(2);
});
