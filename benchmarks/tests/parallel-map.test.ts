import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { mapFlowDocument } from '../src/parallel-map.js';

// The benchmark as `pnpm bench` runs it (dist/, after `pnpm build`), on one runtime and a few items.
const SCRIPT = fileURLToPath(new URL('../dist/parallel-map.js', import.meta.url));

describe('parallel-map benchmark', () => {
  it('its flows are valid documents: a MapNode (25.4.1) and a ParallelMapNode (25.4.2) over the same subflow', () => {
    for (const kind of ['MapNode', 'ParallelMapNode'] as const) {
      const flow = deserialize(mapFlowDocument(kind)) as unknown as { nodes: { component_type: string }[] };
      expect(flow.nodes.map((n) => n.component_type)).toEqual(['StartNode', kind, 'EndNode']);
    }
  });

  it('maps the items on a runtime against the scripted LLM and prints the time per item of both nodes', { timeout: 120_000 }, () => {
    const r = spawnSync(process.execPath, ['--expose-gc', SCRIPT, '--items', '12', '--runs', '1', '--runtime', 'reference'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('a flow mapping 12 items through one LlmNode each');
    expect(r.stdout).toMatch(/^\| reference \| \d+ \| \d+ \| [\d.]+× \|$/m);
  });
});
