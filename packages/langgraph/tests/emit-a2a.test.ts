// An A2AAgent in an AgentNode of an emitted flow module: the module's node runs it with the A2A client of
// @agentspec/runtime (flowNodes.a2aGraph). describeEmittedA2a (@agentspec/conformance) checks that spec strings
// stay data, that the connection's secret is not written and that the client's rules apply, on the emitted module.
import { afterAll, expect } from 'vitest';
import type { Component } from '@agentspec/core';
import type { Runtime } from '@agentspec/runtime';
import { emitLangGraph, langgraphRuntime } from '../src/index.js';
import { buildEmitted, emittedBuilds } from './emit-cases.js';

// @agentspec/conformance depends on this package: its source is imported by path
const rules = new URL('../../../conformance/src/vitest-emitted-a2a.ts', import.meta.url).href;
const { describeEmittedA2a } = (await import(/* @vite-ignore */ rules)) as {
  describeEmittedA2a(runtime: () => Runtime, emit: (component: Component) => { readonly code: string }): Promise<void>;
};

await describeEmittedA2a(() => langgraphRuntime({ build: buildEmitted }), (flow) => {
  const result = emitLangGraph(flow);
  // the A2AAgent's node runs flowNodes.a2aGraph; the secret is left out with a warning saying so
  expect(result.code).toContain('flowNodes.a2aGraph(');
  expect(result.warnings).toContainEqual(expect.objectContaining({ kind: 'unsupported', component: 'connection', message: expect.stringContaining('sensitive_headers') }));
  return result;
});

afterAll(() => {
  // the runs were the emitted modules' (built by the runtime's build hook)
  expect(emittedBuilds.count).toBe(2);
});
