/**
 * MapNode and ParallelMapNode iterations whose subflow cannot pause run in
 * the task running them (in-process-flow.ts): no LangGraph step, checkpoint
 * or subgraph namespace of their own, the same results and trace; a subflow
 * that can pause (or whose longest run would not fit the recursion limit)
 * still runs as its compiled graph, a subgraph per iteration.
 */
import { describe, expect, it } from 'vitest';
import { MemorySaver, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { deserialize, type Flow, type MapNode, type Node } from '@agentspec/core';
import { spanTreeText, TraceRecorder, type RuntimeEvent } from '@agentspec/runtime';
import { compileLangGraph, flowNodes, type LangGraph } from '../src/index.js';
import { inProcessSteps } from '../src/compile/flow/in-process-steps.js';
import { longestPath } from '../src/compile/flow/longest-path.js';
import { caseSpec, TOOLS } from './fixtures/cases.js';
import { recorder } from './fixtures/recorder.js';

const ref = (id: string) => ({ $component_ref: id });
const edge = (id: string, from: string, to: string, branch?: string) =>
  ({ component_type: 'ControlFlowEdge', id, name: id, from_node: ref(from), to_node: ref(to), ...(branch ? { from_branch: branch } : {}) });

/**
 * A flow mapping `kind` over `iterated_item` with a subflow start → `record`
 * (a ToolNode per extra step) → end; `branching`: start → a BranchingNode on
 * the item (`a` → record_0, any other → record_1) → end.
 */
function mapFlow(kind: 'MapNode' | 'ParallelMapNode', tools = 1, branching = false): Flow {
  const steps = Array.from({ length: branching ? 2 : tools }, (_, i) => `record_${i}`);
  const chain = ['sub_start', ...steps, 'sub_end'];
  const route = { component_type: 'BranchingNode', id: 'route', name: 'route', inputs: [{ title: 'item', type: 'string' }], mapping: { a: 'FIRST' } };
  const edges = branching
    ? [edge('s0', 'sub_start', 'route'), edge('s1', 'route', 'record_0', 'FIRST'), edge('s2', 'route', 'record_1', 'default'), edge('s3', 'record_0', 'sub_end'), edge('s4', 'record_1', 'sub_end')]
    : chain.slice(1).map((to, i) => edge(`s${i}`, chain[i] as string, to));
  return deserialize({
    agentspec_version: kind === 'MapNode' ? '25.4.1' : '25.4.2',
    component_type: 'Flow', id: 'map_flow', name: 'map flow',
    start_node: ref('start'), nodes: [ref('start'), ref('map'), ref('end')],
    control_flow_connections: [edge('c1', 'start', 'map'), edge('c2', 'map', 'end')],
    data_flow_connections: null,
    $referenced_components: {
      start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: [{ title: 'iterated_item', type: 'array', items: { type: 'string' } }] },
      map: {
        component_type: kind, id: 'map', name: 'each item',
        subflow: {
          component_type: 'Flow', id: 'one_item', name: 'one item',
          start_node: ref('sub_start'), nodes: [...chain, ...(branching ? ['route'] : [])].map(ref),
          control_flow_connections: edges,
          data_flow_connections: null,
          $referenced_components: {
            sub_start: { component_type: 'StartNode', id: 'sub_start', name: 'start', inputs: [{ title: 'item', type: 'string' }] },
            ...(branching ? { route } : {}),
            record: { component_type: 'ServerTool', id: 'record', name: 'record', inputs: [{ title: 'item', type: 'string' }], outputs: [{ title: 'item', type: 'string' }] },
            ...Object.fromEntries(steps.map((id) => [id, { component_type: 'ToolNode', id, name: id, tool: ref('record') }])),
            sub_end: { component_type: 'EndNode', id: 'sub_end', name: 'end', outputs: [{ title: 'item', type: 'string' }] },
          },
        },
      },
      end: { component_type: 'EndNode', id: 'end', name: 'end', outputs: [{ title: 'collected_item', type: 'array', items: { type: 'string' } }] },
    },
  }) as Flow;
}

interface Streamed {
  /** The namespaces LangGraph reported updates from ('' for the root graph). */
  readonly namespaces: Set<string>;
  /** The trace events, in order. */
  readonly events: { type: string; spanId: string; parentSpanId?: string; name: string }[];
  /** The updates of the root graph's nodes, by node. */
  readonly tasks: string[];
}

/** Stream a run with trace events into `out` (what came before a failure stays there). */
async function streamed(graph: LangGraph, input: unknown, config: LangGraphRunnableConfig = {}, out: Streamed = { namespaces: new Set(), events: [], tasks: [] }): Promise<Streamed> {
  const stream = await graph.stream(input as never, { ...config, configurable: { ...config.configurable, agentspec_events: true }, streamMode: ['updates', 'custom'], subgraphs: true });
  for await (const chunk of stream) {
    const [namespace, mode, payload] = chunk as unknown as [string[], string, Record<string, unknown>];
    if (mode === 'custom') out.events.push(payload as unknown as Streamed['events'][number]);
    else {
      out.namespaces.add(namespace.join('|'));
      if (namespace.length === 0) out.tasks.push(...Object.keys(payload));
    }
  }
  return out;
}

/** The FlowExecutionStart events of subflow `name`, each with its parent span's name. */
function subflowRuns(s: Streamed, name: string): string[] {
  const names = new Map(s.events.map((e) => [e.spanId, e.name]));
  return s.events.filter((e) => e.type === 'FlowExecutionStart' && e.name === name).map((e) => names.get(e.parentSpanId ?? '') ?? '(none)');
}

describe('inProcessSteps: which subflows run in process', () => {
  it('a subflow that cannot pause and has no cycle: its longest run, nested MapNodes included', () => {
    expect(inProcessSteps((mapFlow('MapNode', 2).nodes[1] as MapNode).subflow)).toBe(4);
    expect(inProcessSteps((mapFlow('MapNode', 0, true).nodes[1] as MapNode).subflow)).toBe(4);
    // map/nested: a MapNode whose subflow runs a MapNode over a ToolNode
    expect(inProcessSteps(((caseSpec('map/nested') as Flow).nodes[1] as MapNode).subflow)).toBe(3);
  });

  it('none for a subflow that may pause, runs a flow or agent, or loops', () => {
    // an InputMessageNode in the subflow
    expect(inProcessSteps(((caseSpec('persistence/resume-inside-map-iteration') as Flow).nodes[1] as MapNode).subflow)).toBeUndefined();
    // a loop (the root flow of faults/max-steps), a FlowNode (flows/flow-node-branch-propagation)
    expect(inProcessSteps(caseSpec('faults/max-steps') as Flow)).toBeUndefined();
    expect(inProcessSteps(caseSpec('flows/flow-node-branch-propagation') as Flow)).toBeUndefined();
    // a tool that needs the caller: a ClientTool, a confirmation
    const flow = mapFlow('MapNode');
    const sub = (flow.nodes[1] as MapNode).subflow;
    const toolNode = sub.nodes[1] as unknown as { tool: Record<string, unknown> };
    expect(inProcessSteps(sub)).toBe(3);
    toolNode.tool.requires_confirmation = true;
    expect(inProcessSteps(sub)).toBeUndefined();
    toolNode.tool.requires_confirmation = false;
    toolNode.tool.component_type = 'ClientTool';
    expect(inProcessSteps(sub)).toBeUndefined();
  });
});

describe('MapNode and ParallelMapNode iterations in process', () => {
  it('MapNode: the iterations run in the node\'s task (no subgraph namespace), with the subflow\'s spans under the node\'s; getGraph still shows the subflow', async () => {
    const { calls, tools } = recorder();
    const { graph } = compileLangGraph(mapFlow('MapNode'), { tools });
    const s = await streamed(graph, { iterated_item: ['a', 'b', 'c'] });
    expect(calls).toEqual(['a', 'b', 'c']);
    expect([...s.namespaces]).toEqual(['']);
    expect(s.tasks).toEqual(['start', 'each item', 'end (end)']);
    expect(subflowRuns(s, 'one item')).toEqual(['each item', 'each item', 'each item']);
    // each iteration's spans are their own: a flow span, its three node spans, one tool span
    expect(new Set(s.events.filter((e) => e.type === 'NodeExecutionStart').map((e) => e.spanId)).size).toBe(3 + 3 * 3);
    expect(new Set(s.events.filter((e) => e.type === 'ToolExecutionRequest').map((e) => e.spanId)).size).toBe(3);
    expect((await graph.invoke({ iterated_item: ['x', 'y'] }) as Record<string, unknown>).collected_item).toEqual(['X', 'Y']);
    const drawn = await graph.getGraphAsync({ xray: true });
    expect(Object.keys(drawn.nodes)).toEqual(expect.arrayContaining(['each item:start', 'each item:record_0', 'each item:end (sub_end)']));
  });

  it('ParallelMapNode: the iterations run in the node\'s task (no Send, no task per iteration), results in input order; getGraph keeps the fan-out', async () => {
    const { calls, tools } = recorder();
    const { graph } = compileLangGraph(mapFlow('ParallelMapNode'), { tools });
    const s = await streamed(graph, { iterated_item: ['a', 'b', 'c'] });
    expect([...calls].sort()).toEqual(['a', 'b', 'c']);
    expect([...s.namespaces]).toEqual(['']);
    // the join (collect) has nothing left to do
    expect(s.tasks).toEqual(['start', 'each item', 'each item (collect)', 'end (end)']);
    expect(subflowRuns(s, 'one item')).toEqual(['each item', 'each item', 'each item']);
    expect((await graph.invoke({ iterated_item: ['x', 'y', 'z'] }) as Record<string, unknown>).collected_item).toEqual(['X', 'Y', 'Z']);
    expect((await graph.invoke({ iterated_item: [] }) as Record<string, unknown>).collected_item).toEqual([]);
    const drawn = await graph.getGraphAsync({ xray: true });
    expect(Object.keys(drawn.nodes)).toEqual(expect.arrayContaining(['each item', 'each item (each):start', 'each item (each):record_0', 'each item (collect)']));
  });

  it('ParallelMapNode: at most limits.parallelism iterations at once in the node\'s task, and the first failure in input order fails it', async () => {
    let inFlight = 0;
    let peak = 0;
    const tools = {
      record: async ({ item }: Record<string, unknown>) => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, String(item).length));
        inFlight--;
        if (String(item).startsWith('boom')) throw new Error(`failed: ${String(item)}`);
        return String(item).toUpperCase();
      },
    };
    const { graph } = compileLangGraph(mapFlow('ParallelMapNode'), { tools, limits: { parallelism: 3 } });
    const items = Array.from({ length: 10 }, (_, i) => 'x'.repeat(10 - i));
    expect((await graph.invoke({ iterated_item: items }) as Record<string, unknown>).collected_item).toEqual(items.map((i) => i.toUpperCase()));
    expect(peak).toBe(3);
    // 'boom-late' fails after 'boom', which started after it: the node fails with the first in input order
    await expect(graph.invoke({ iterated_item: ['a', 'boom-late-by-far', 'boom', 'c', 'd', 'e'] })).rejects.toThrow('failed: boom-late-by-far');
  });

  it('with a checkpointer, iterations keep their subgraph: a thread resumed after a failure goes on where it stopped', async () => {
    for (const kind of ['MapNode', 'ParallelMapNode'] as const) {
      const { calls, tools } = recorder(1);
      const { graph } = compileLangGraph(mapFlow(kind), { tools, checkpointer: new MemorySaver() });
      const config = { configurable: { thread_id: kind } };
      const s = await streamed(graph, { iterated_item: ['a', 'boom', 'c'] }, config).catch((e: unknown) => e);
      expect(s).toMatchObject({ message: expect.stringContaining('the recorder is jammed') });
      // one after the other, the MapNode stops at the failure; the Send tasks all run
      expect([...calls].sort()).toEqual(kind === 'MapNode' ? ['a', 'boom'] : ['a', 'boom', 'c']);
      // the iterations that finished (their subgraphs' checkpoints, or their Send tasks' writes) do not run again
      expect((await graph.invoke(null, config) as Record<string, unknown>).collected_item).toEqual(['A', 'BOOM', 'C']);
      expect([...calls].sort()).toEqual(['a', 'boom', 'boom', 'c']);
      expect((await streamed(graph, { iterated_item: ['d'] }, { configurable: { thread_id: `${kind} again` } })).namespaces.size).toBeGreaterThan(1);
    }
  });

  it('a subflow that can pause runs as a subgraph per iteration (its namespace), without a checkpointer too', async () => {
    const { graph } = compileLangGraph(caseSpec('persistence/resume-inside-map-iteration'));
    const namespaces = new Set<string>();
    const stream = await graph.stream({ names: ['Ada', 'Bob'] } as never, { streamMode: 'updates', subgraphs: true });
    // its InputMessageNode cannot wait without a checkpointer: the run fails there, in the iteration's subgraph
    await expect((async () => {
      for await (const chunk of stream) namespaces.add((chunk as unknown as [string[]])[0].join('|'));
    })()).rejects.toThrow();
    expect([...namespaces].some((ns) => ns.startsWith('ask each:'))).toBe(true);
  });

  it('a run whose longest path would not fit the recursion limit goes through the graph, which fails as before', async () => {
    // the root flow needs 4 steps (3 nodes), the subflow with two ToolNodes 5 (4 nodes)
    const { graph } = compileLangGraph(mapFlow('MapNode', 2), { tools: recorder().tools, limits: { maxSteps: 4 } });
    await expect(graph.invoke({ iterated_item: ['a'] })).rejects.toMatchObject({ name: 'GraphRecursionError' });
    const enough = compileLangGraph(mapFlow('MapNode', 2), { tools: recorder().tools, limits: { maxSteps: 5 } }).graph;
    expect((await enough.invoke({ iterated_item: ['a'] }) as Record<string, unknown>).collected_item).toEqual(['A']);
    // the same limits as the subflow's graph: a subflow of 3 nodes in process at maxSteps 4
    const s = await streamed(compileLangGraph(mapFlow('MapNode', 1), { tools: recorder().tools, limits: { maxSteps: 4 } }).graph, { iterated_item: ['a'] });
    expect([...s.namespaces]).toEqual(['']);
  });

  it('nested MapNodes (map/nested) run in process all the way down, as the conformance trace nests them', async () => {
    const { graph } = compileLangGraph(caseSpec('map/nested'), { tools: TOOLS });
    const s = await streamed(graph, { rows: [[1, 2], [3]] });
    expect([...s.namespaces]).toEqual(['']);
    expect(subflowRuns(s, 'Square one number')).toEqual(['each cell', 'each cell', 'each cell']);
    expect((await graph.invoke({ rows: [[1, 2], [3]] }) as Record<string, unknown>).totals).toEqual([5, 9]);
  });

  it('the steps of emitted modules do the same: flowNodes.step runs a MapNode\'s iterations in process, with its own context', async () => {
    const flow = mapFlow('MapNode');
    const map = flow.nodes[1] as MapNode;
    // the subflow's graph, with a tool of its own: the step does not invoke it
    const subgraph = compileLangGraph(map.subflow, { tools: { record: ({ item }: Record<string, unknown>) => `graph ${String(item)}` } }).graph;
    const { calls, tools } = recorder();
    const step = flowNodes.step(flow, map, flowNodes.context({ tools }), subgraph);
    const update = await step({ agentspec_values: { iterated_item: ['a', 'b'] }, messages: [] }, {});
    expect(update).toMatchObject({ agentspec_values: { collected_item: ['A', 'B'] } });
    expect(calls).toEqual(['a', 'b']);
  });

  it('the span tree of each map case is the same in process (no checkpointer) as through the subgraphs and Sends (with one)', async () => {
    const later = {
      slow: ({ ms, value }: Record<string, unknown>) => new Promise((resolve) => setTimeout(() => resolve(value), Number(ms))),
      explode: ({ reason }: Record<string, unknown>) => { throw new Error(`exploded: ${String(reason)}`); },
      multiply: ({ a, b }: Record<string, unknown>) => Number(a) * Number(b),
      record: ({ item }: Record<string, unknown>) => String(item).toUpperCase(),
    };
    const cases: [string, Record<string, unknown>][] = [
      ['nodes/map-node', { numbers: [1, 2, 3] }],
      ['map/nested', { rows: [[1, 2], [3], [0, 1, 2]] }],
      ['map/reducer-average', { numbers: [1, 2, 3, 4] }],
      ['map/empty-list', { numbers: [] }],
      ['map/concurrency-keeps-order', { delays: [30, 5, 15], labels: ['first', 'second', 'third'] }],
      ['parallel/map-node-keeps-order', { delays: [30, 5, 15], labels: ['first', 'second', 'third'] }],
      ['parallel/map-node-first-failure-in-order', { delays: [40, 5, 15], reasons: ['first', 'second', 'third'] }],
      ['parallel/map-node-runs-at-once', { delays: [30, 30, 30, 30] }],
      ['parallel/map-node-concurrency-bound', { delays: [20, 20, 20, 20, 20] }],
      ['parallel/map-node-failure-stops-starts', { delays: [60, 5, 5, 5], reasons: ['first', 'second', 'third', 'fourth'] }],
    ];
    const limits: Record<string, { parallelism: number }> = { 'parallel/map-node-concurrency-bound': { parallelism: 2 }, 'parallel/map-node-failure-stops-starts': { parallelism: 2 } };
    /** The conformance library's concurrency_probe: the most executions in flight so far (one per run). */
    const probe = () => {
      let inFlight = 0;
      let peak = 0;
      return async ({ ms }: Record<string, unknown>) => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, Number(ms)));
        inFlight--;
        return peak;
      };
    };
    const specs = new Map<string, Flow>(cases.map(([id]) => [id, caseSpec(id) as Flow]));
    // a BranchingNode in the subflow: its branch routes the iteration in process as the graph's conditional edge does
    for (const kind of ['MapNode', 'ParallelMapNode'] as const) {
      specs.set(`branching ${kind}`, mapFlow(kind, 0, true));
      cases.push([`branching ${kind}`, { iterated_item: ['a', 'b', 'a'] }]);
    }
    for (const [id, inputs] of cases) {
      const trees = await Promise.all([undefined, new MemorySaver()].map(async (checkpointer) => {
        const tools = { ...TOOLS, ...later, concurrency_probe: probe() };
        const { graph } = compileLangGraph(specs.get(id) as Flow, { tools, limits: { mapConcurrency: 3, ...limits[id] }, ...(checkpointer ? { checkpointer } : {}) });
        const s: Streamed = { namespaces: new Set(), events: [], tasks: [] };
        await streamed(graph, inputs, { configurable: { thread_id: id } }, s).catch(() => undefined);
        const recorder = new TraceRecorder();
        for (const e of s.events) recorder.add(e as unknown as RuntimeEvent);
        return { tree: spanTreeText(recorder.finish()), namespaces: s.namespaces.size, sends: s.tasks.filter((t) => t.endsWith(' (each)')).length };
      }));
      expect(trees[0]?.tree, id).toEqual(trees[1]?.tree);
      // in process: no subgraph namespace; through the subgraphs: theirs (none for an empty list)
      expect(trees[0]?.namespaces, id).toBe(1);
      // a ParallelMapNode: its iterations in its own task in process, a Send task each with a checkpointer (updates: those that did not fail)
      if (id.includes('ParallelMapNode') || id.startsWith('parallel/')) {
        expect(trees[0]?.sends, id).toBe(0);
        if (!id.includes('failure')) expect(trees[1]?.sends, id).toBeGreaterThan(0);
      }
      expect(trees[0]?.tree.split('\n').length, id).toBeGreaterThan(2);
      if (id.startsWith('branching')) expect(trees[0]?.tree.match(/node 'record_\d'/g)).toEqual(["node 'record_0'", "node 'record_1'", "node 'record_0'"]);
    }
  });
});

describe('longestPath: the walk inProcessSteps and the folded BranchingNodes share', () => {
  const nodes = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `n${i}` }) as unknown as Node);

  it('counts the nodes of the longest path, through shared successors, and reaches no stack limit on a 100,000-node chain', () => {
    const [a, b, c, d] = nodes(4) as [Node, Node, Node, Node];
    const diamond = new Map<Node, Node[]>([[a, [b, c]], [b, [d]], [c, [b]]]);
    expect(longestPath([a], (n) => diamond.get(n) ?? [])).toBe(4);
    expect(longestPath([d, c], (n) => diamond.get(n) ?? [])).toBe(3);
    const chain = nodes(100_000);
    const after = new Map(chain.map((n, i) => [n, chain.slice(i + 1, i + 2)]));
    expect(longestPath([chain[0] as Node], (n) => after.get(n) ?? [])).toBe(100_000);
  });

  it('is undefined when a cycle is reachable, not when it is not', () => {
    const [a, b, c, d] = nodes(4) as [Node, Node, Node, Node];
    const loop = new Map<Node, Node[]>([[a, [b]], [b, [c]], [c, [b]]]);
    expect(longestPath([a], (n) => loop.get(n) ?? [])).toBeUndefined();
    expect(longestPath([d], (n) => loop.get(n) ?? [])).toBe(1);
  });
});
