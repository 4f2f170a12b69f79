import { COMPONENT_TYPES, deserialize, UNKNOWN_KIND, type Flow } from '@agentspec/core';
import { Mastra } from '@mastra/core';
import { InMemoryStore } from '@mastra/core/storage';
import { describe, expect, it } from 'vitest';
import { compileMastra } from '../src/index.js';
import { NODE_COMPILERS } from '../src/compile/flow/nodes/index.js';
import { MAX_NESTING, PLAN_WARNINGS } from '../src/compile/flow/structure.js';
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

/**
 * `decisions` × (ToolNode increment, BranchingNode: n in 1…decisions → the next one, else → EndNode `stopped`), then
 * EndNode `done`: from n = 0 every branch continues (the arms nest `decisions` deep); from n = 10 the first one stops.
 */
function branchChain(decisions: number): Record<string, unknown> {
  const ref = (id: string) => ({ $component_ref: id });
  const n = [{ title: 'n', type: 'integer' }];
  const referenced: Record<string, unknown> = {
    start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: n },
    done: { component_type: 'EndNode', id: 'done', name: 'done', outputs: n, branch_name: 'done' },
    stopped: { component_type: 'EndNode', id: 'stopped', name: 'stopped', outputs: n, branch_name: 'stopped' },
    increment: { component_type: 'ServerTool', id: 'increment', name: 'increment', inputs: n, outputs: n },
  };
  const control: Record<string, unknown>[] = [];
  const edge = (from: string, to: string, branch: string | null = null) =>
    control.push({ component_type: 'ControlFlowEdge', id: `c${control.length}`, name: `c${control.length}`, from_node: ref(from), from_branch: branch, to_node: ref(to) });
  const ids = ['start'];
  let previous: [string, string | null] = ['start', null];
  for (let i = 1; i <= decisions; i++) {
    referenced[`inc${i}`] = { component_type: 'ToolNode', id: `inc${i}`, name: `inc${i}`, tool: ref('increment') };
    referenced[`check${i}`] = { component_type: 'BranchingNode', id: `check${i}`, name: `check${i}`, inputs: n, mapping: Object.fromEntries(Array.from({ length: decisions }, (_, k) => [String(k + 1), 'on'])) };
    ids.push(`inc${i}`, `check${i}`);
    edge(previous[0], `inc${i}`, previous[1]);
    edge(`inc${i}`, `check${i}`);
    edge(`check${i}`, 'stopped', 'default');
    previous = [`check${i}`, 'on'];
  }
  edge(previous[0], 'done', previous[1]);
  ids.push('done', 'stopped');
  return {
    component_type: 'Flow', id: 'chain', name: 'chain', start_node: ref('start'), nodes: ids.map(ref),
    control_flow_connections: control, data_flow_connections: null, $referenced_components: referenced, agentspec_version: '25.4.1',
  };
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

  it('reaches the EndNode behind a chain of branches nested deeper than four arms', async () => {
    const decisions = 7;
    const c = workflowOf(deserialize(branchChain(decisions)), { tools: INCREMENT });
    const mastra = new Mastra({ workflows: { chain: c.workflow }, storage: new InMemoryStore(), logger: false } as never);
    for (const [n, end] of [[0, 'done'], [10, 'stopped']] as const) {
      const run = await mastra.getWorkflow('chain').createRun();
      const result = await run.start({ inputData: { n } }) as { status: string; result?: Record<string, unknown> };
      expect(result.status).toBe('success');
      expect(result.result).toMatchObject({ n: n === 0 ? decisions : 11, __agentspec: { branch: end } });
    }
  });

  it('compiles a chain of 6,000 nodes (its plan is built without recursion: a chain of a few thousand overflowed the stack)', () => {
    const nodes = 6_000;
    const ref = (id: string) => ({ $component_ref: id });
    const n = [{ title: 'n', type: 'integer' }];
    const ids = ['start', ...Array.from({ length: nodes - 2 }, (_, i) => `inc${i + 1}`), 'end'];
    const referenced: Record<string, unknown> = {
      start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: n },
      end: { component_type: 'EndNode', id: 'end', name: 'end', outputs: n },
      increment: { component_type: 'ServerTool', id: 'increment', name: 'increment', inputs: n, outputs: n },
    };
    for (const id of ids.slice(1, -1)) referenced[id] = { component_type: 'ToolNode', id, name: id, tool: ref('increment') };
    const control = ids.slice(1).map((to, i) => ({ component_type: 'ControlFlowEdge', id: `c${i}`, name: `c${i}`, from_node: ref(ids[i]!), to_node: ref(to) }));
    const c = workflowOf(deserialize({
      component_type: 'Flow', id: 'long', name: 'long', start_node: ref('start'), nodes: ids.map(ref),
      control_flow_connections: control, data_flow_connections: null, $referenced_components: referenced, agentspec_version: '25.4.1',
    }), { tools: INCREMENT });
    expect(outline(c.workflow.serializedStepGraph as Entry[])).toEqual([...ids, '$finish']);
  });

  it('runs branches nested deeper than MAX_NESTING as a sequence of guarded nodes, with a warning (a chain of 1,500 decisions overflowed)', async () => {
    const decisions = MAX_NESTING + 6;
    const c = workflowOf(deserialize(branchChain(decisions)), { tools: INCREMENT });
    expect(c.warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'chain', message: PLAN_WARNINGS.deep })]);
    const steps = outline(c.workflow.serializedStepGraph as Entry[]);
    // start, then a .branch per node: the node's step, or the step passing the frame on
    expect(steps).toHaveLength(2 * decisions + 4);
    expect(steps.slice(0, 3)).toEqual(['start', { branch: ['inc1', 'inc1?skip'] }, { branch: ['check1', 'check1?skip'] }]);
    const mastra = new Mastra({ workflows: { chain: c.workflow }, storage: new InMemoryStore(), logger: false } as never);
    for (const [n, expected, end] of [[0, decisions, 'done'], [decisions + 5, decisions + 6, 'stopped']] as const) {
      const run = await mastra.getWorkflow('chain').createRun();
      const result = await run.start({ inputData: { n } }) as { status: string; result?: Record<string, unknown> };
      expect(result.status).toBe('success');
      expect(result.result).toMatchObject({ n: expected, __agentspec: { branch: end } });
    }
  });

  it('has a compiler for every node kind, and one refusing unknown nodes', () => {
    const nodeKinds = [...COMPONENT_TYPES.filter((t) => t.endsWith('Node')), UNKNOWN_KIND];
    expect(Object.keys(NODE_COMPILERS).sort()).toEqual([...nodeKinds].sort());
  });
});
