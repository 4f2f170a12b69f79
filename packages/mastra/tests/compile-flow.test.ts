import { COMPONENT_TYPES, deserialize, UNKNOWN_KIND, type Flow } from '@agentspec/core';
import { Mastra } from '@mastra/core';
import { InMemoryStore } from '@mastra/core/storage';
import { describe, expect, it } from 'vitest';
import { compileMastra } from '../src/index.js';
import { NODE_COMPILERS } from '../src/compile/flow/nodes/index.js';
import { caseSpec, INCREMENT, IRREDUCIBLE_FLOW } from './fixtures.js';

type Entry = { type: string; id?: string; step?: Entry & { id: string }; steps?: Entry[]; loopType?: string; serializedStepFlow?: Entry[] };

/** A compact picture of Mastra's serialized step graph: step ids, and the control-flow constructs around them. */
function outline(graph: readonly Entry[]): unknown[] {
  return graph.map((e): unknown => {
    switch (e.type) {
      case 'step': return e.step?.id;
      case 'workflow': return { workflow: e.id };
      case 'conditional': return { branch: (e.steps ?? []).map((s) => outline([s])[0]) };
      case 'loop': return { [e.loopType ?? 'loop']: outline([e.step as Entry])[0] };
      case 'foreach': return { foreach: outline([e.step as Entry])[0] };
      default: return e.type;
    }
  });
}

function workflowOf(spec: unknown, options = {}) {
  const c = compileMastra(spec as Flow, options);
  if (c.kind !== 'workflow') throw new Error('expected a workflow');
  return c;
}

describe('compileMastra: Flow → Mastra workflow', () => {
  it('has one step per node in sequence, then the step that gives the flow outputs', () => {
    const c = workflowOf(caseSpec('nodes/tool-node-server-tool'));
    expect(outline(c.workflow.serializedStepGraph as Entry[])).toEqual(['start', 'add', 'end', '$finish']);
    expect(c.warnings).toEqual([]);
  });

  it('follows a BranchingNode with .branch: one arm per target, one passing the frame on', () => {
    const c = workflowOf(caseSpec('nodes/branching-node-match'));
    expect(outline(c.workflow.serializedStepGraph as Entry[])).toEqual(['start', 'route', { branch: ['unknown', 'rejected', 'approved', 'route->else'] }, '$finish']);
  });

  it('turns a cycle into .dountil over the nodes the loop header dominates', () => {
    const c = workflowOf(caseSpec('flows/loop-until-condition'));
    expect(outline(c.workflow.serializedStepGraph as Entry[])).toEqual(['start', { dountil: { workflow: 'count_to_three/inc@loop' } }, '$finish']);
  });

  it('runs a FlowNode as a nested workflow and a MapNode with .foreach of its :each step', () => {
    const sub = workflowOf(caseSpec('nodes/flow-node'));
    expect(outline(sub.workflow.serializedStepGraph as Entry[])).toEqual(['start', 'sub', 'sub:call', { workflow: 'outer/sub' }, 'sub:return', 'end', '$finish']);
    const map = workflowOf(caseSpec('nodes/map-node'));
    expect(outline(map.workflow.serializedStepGraph as Entry[])).toEqual(['start', 'map', 'map:items', { foreach: 'map:each' }, 'map:collect', 'end', '$finish']);
  });

  it('compiles a cycle entered in the middle into a dispatcher loop, with a warning', async () => {
    const c = workflowOf(deserialize(IRREDUCIBLE_FLOW), { tools: INCREMENT });
    expect(c.warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'ping_pong', message: expect.stringContaining('cycle entered in the middle') })]);
    expect(outline(c.workflow.serializedStepGraph as Entry[])).toEqual(['start', { dountil: { workflow: 'ping_pong/dispatch' } }, '$finish']);
  });

  it('gives a workflow that Mastra runs on its own', async () => {
    for (const controlFlow of ['structured', 'dispatcher'] as const) {
      const c = workflowOf(caseSpec('flows/loop-until-condition'), { tools: INCREMENT, controlFlow });
      const mastra = new Mastra({ workflows: { count: c.workflow }, storage: new InMemoryStore(), logger: false } as never);
      const run = await mastra.getWorkflow('count').createRun();
      const result = await run.start({ inputData: { n: '0' } }) as { status: string; result?: Record<string, unknown> };
      expect(result.status).toBe('success');
      expect(result.result).toMatchObject({ n: 3, __agentspec: { branch: 'next', shared: { messages: [{ content: 'n = 1' }, { content: 'n = 2' }, { content: 'n = 3' }] } } });
    }
  });

  it('has a compiler for every node kind, and one refusing unknown nodes', () => {
    const nodeKinds = [...COMPONENT_TYPES.filter((t) => t.endsWith('Node')), UNKNOWN_KIND];
    expect(Object.keys(NODE_COMPILERS).sort()).toEqual([...nodeKinds].sort());
  });
});
