import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { cli, tempFiles } from './helpers.js';

const triage = fileURLToPath(new URL('../../../examples/specs/support-triage-flow.yaml', import.meta.url));
const agent = fileURLToPath(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url));

describe('agentspec graph', () => {
  it('draws a flow in Mermaid: nodes by kind, branch labels, data edges dashed', async () => {
    const r = await cli('graph', triage);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('flowchart TD');
    expect(lines).toContain('  start(["start<br/><small>StartNode</small>"])');
    expect(lines).toContain('  route{"route<br/><small>BranchingNode</small>"}');
    expect(lines).toContain('  route -->|"ORDER"| lookup_order');
    expect(lines).toContain('  route -->|"default"| handover');
    expect(lines).toContain('  classify --> route');
    expect(lines).toContain('  classify -.->|"category → category"| route');
  });

  it('draws DOT, and an agent with its tools', async () => {
    const dot = await cli('graph', triage, '--format', 'dot');
    expect(dot.stdout).toMatch(/^digraph "Support triage" \{/);
    expect(dot.stdout).toContain('route -> lookup_order [label="ORDER"];');
    const a = await cli('graph', agent);
    expect(a.stdout).toContain('weather_agent --> weather_agent__get_forecast');
  });

  it('nests subflows', async () => {
    const r = await cli('graph', fileURLToPath(new URL('../../../conformance/cases/nodes/flow-node/spec.yaml', import.meta.url)));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/subgraph \w+_sub\["[^"]+"\]/);
    expect(r.stdout.split('\n').some((l) => /^ {4}\w+__\w+\(\[/.test(l))).toBe(true);
  });

  it('refuses what is not a flow or an agent', async () => {
    const files = tempFiles({
      'tool.yaml': 'component_type: ServerTool\nid: t\nname: t\nagentspec_version: 25.4.1\n',
      'bad.yaml': 'component_type: Flow\nid: f\n',
    });
    expect((await cli('graph', files('tool.yaml'))).code).toBe(1);
    expect((await cli('graph', files('bad.yaml'))).code).toBe(1);
    expect((await cli('graph', triage, '--format', 'png')).code).toBe(2);
  });

  const later = (p: string) => fileURLToPath(new URL(`../../core/tests/fixtures/versions/${p}`, import.meta.url));

  it('draws a Swarm: the user to the first agent, each relationship labelled by the handoff mode', async () => {
    const r = await cli('graph', later('26.1.0/swarm-handoff-always.json'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\w+__user --> ?\|"first agent"\| concierge/);
    expect(r.stdout).toMatch(/concierge -->\|"handoff"\| \w+/);
  });

  it('draws a ManagerWorkers: the manager delegates to each worker', async () => {
    const r = await cli('graph', later('25.4.2/manager-workers-research.json'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.includes('-->|"delegates"|')).length).toBeGreaterThanOrEqual(2);
  });

  it("nests each branch of a ParallelFlowNode, and a CatchExceptionNode's subflow with its exception path", async () => {
    const parallel = await cli('graph', later('25.4.2/parallel-city-reports.json'));
    expect(parallel.code, parallel.stderr).toBe(0);
    expect(parallel.stdout).toMatch(/subgraph \w+__p0_sub\["[^"]*parallel branch 1 of/);
    expect(parallel.stdout).toMatch(/subgraph \w+__p1_sub/);
    const caught = await cli('graph', later('26.2.0/catch-exception-flow.json'));
    expect(caught.code, caught.stderr).toBe(0);
    expect(caught.stdout).toMatch(/-->\|"caught_exception_branch"\|/);
    expect(caught.stdout).toMatch(/subgraph \w+_sub\[/);
  });

  it('draws SVG: one panel per graph and nested subflow, every node and edge label in it', async () => {
    const r = await cli('graph', triage, '--format', 'svg');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/);
    expect(r.stdout).toContain('<g class="node" id="route">');
    expect(r.stdout).toContain('>ORDER</text>');
    expect(r.stdout.trimEnd().endsWith('</svg>')).toBe(true);
    const swarm = await cli('graph', later('25.4.2/swarm-support-team.json'), '--format', 'svg');
    expect(swarm.stdout).toContain('>first agent</text>');
    const nested = await cli('graph', later('26.2.0/catch-exception-flow.json'), '--format', 'svg');
    expect(nested.stdout.match(/<g class="graph">/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
