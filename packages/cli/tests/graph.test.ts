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
    expect((await cli('graph', triage, '--format', 'svg')).code).toBe(2);
  });
});
