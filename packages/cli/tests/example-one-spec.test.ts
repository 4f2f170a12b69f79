import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '@agentspec/conformance';
import { cliWithInput } from './helpers.js';

const dir = fileURLToPath(new URL('../../../examples/one-spec-four-runtimes/', import.meta.url));
const args = ['run', `${dir}trip-planner.yaml`, '--runtime', 'all', '--offline', `${dir}llm.yaml`, '--tools', `${dir}tools.ts`];

describe('examples/one-spec-four-runtimes', () => {
  it('every runtime finishes on the same branch with the same outputs (all sunny)', async () => {
    const r = await cliWithInput(['Rome, Lisbon'], ...args, '--json');
    expect(r.code).toBe(0);
    const runs = JSON.parse(r.stdout) as { runtime: string; status: string; branch: string; outputs: unknown; llmCalls: number }[];
    expect(runs.map((x) => x.runtime)).toEqual(Object.keys(RUNTIMES));
    for (const run of runs) {
      expect(run).toMatchObject({ status: 'finished', branch: 'next', outputs: { recommendation: '2 of 2 cities sunny' }, llmCalls: 2 });
    }
  });

  it('takes the MIXED branch and finishes on WAIT with the flow default, and prints a comparison', async () => {
    const r = await cliWithInput(['Rome, Oslo'], ...args);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/reference +finished +WAIT +\{"recommendation":"wait a week"\} +2 /);
    expect(r.stdout).toContain(`all ${Object.keys(RUNTIMES).length} runtimes agree`);
  });
});
