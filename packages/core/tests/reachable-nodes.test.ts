import { describe, expect, it } from 'vitest';
import {
  branchingNode, controlFlowEdge, endNode, flow, outputMessageNode, reachableNodes, startNode, validateComponent, type ControlFlowEdge, type Flow, type Node, type StartNode,
} from '../src/index.js';

const start = () => startNode({ id: 'start', name: 'start' });
const end = (id = 'end') => endNode({ id, name: id });
const step = (id: string) => outputMessageNode({ id, name: id, message: id });
const edge = (from: Node, to: Node, from_branch: string | null = null) => controlFlowEdge({ id: `${from.id}-${from_branch ?? 'next'}-${to.id}`, name: 'c', from_node: from, to_node: to, from_branch });
const ids = (nodes: Iterable<Node>) => [...nodes].map((n) => n.id);
const flowOf = (start: StartNode, nodes: Node[], edges: ControlFlowEdge[]) => flow({ id: 'f', name: 'f', start_node: start, nodes, control_flow_connections: edges });

/** The ids of the nodes validation reports as unreachable (AS_FLOW_UNREACHABLE_NODE). */
function reportedUnreachable(f: Flow): string[] {
  return validateComponent(f)
    .filter((d) => d.code === 'AS_FLOW_UNREACHABLE_NODE')
    .map((d) => f.nodes[Number(d.path.split('/').at(-1))]?.id as string);
}

describe('reachableNodes', () => {
  it('follows every branch of a node, in the order of the flow\'s nodes', () => {
    const [s, left, right, e] = [start(), step('left'), step('right'), end()];
    const pick = branchingNode({ id: 'pick', name: 'pick', mapping: { a: 'left', b: 'right' } });
    const f = flowOf(s, [e, right, left, pick, s], [edge(s, pick), edge(pick, left, 'left'), edge(pick, right, 'right'), edge(pick, e, 'default'), edge(left, e), edge(right, e)]);
    expect(ids(reachableNodes(f))).toEqual(['end', 'right', 'left', 'pick', 'start']);
  });

  it('leaves out a node no edge from the start leads to, as validation reports it', () => {
    const [s, a, island, after, e] = [start(), step('a'), step('island'), step('after_island'), end()];
    const f = flowOf(s, [s, a, island, after, e], [edge(s, a), edge(a, e), edge(island, after), edge(after, e)]);
    expect(ids(reachableNodes(f))).toEqual(['start', 'a', 'end']);
    expect(reportedUnreachable(f)).toEqual(['island', 'after_island']);
  });

  it('reaches a node only a branch leads to, and walks a cycle once', () => {
    const [s, body, onlyOnDone, e] = [start(), step('body'), step('only_on_done'), end()];
    const loop = branchingNode({ id: 'loop', name: 'loop', mapping: { again: 'again', done: 'done' } });
    const f = flowOf(s, [s, loop, body, onlyOnDone, e], [edge(s, loop), edge(loop, body, 'again'), edge(body, loop), edge(loop, onlyOnDone, 'done'), edge(onlyOnDone, e), edge(loop, e, 'default')]);
    expect(ids(reachableNodes(f))).toEqual(['start', 'loop', 'body', 'only_on_done', 'end']);
    expect(reportedUnreachable(f)).toEqual([]);
  });

  it('ignores an edge with an end that is not one of the flow\'s nodes', () => {
    const [s, unlisted, beyond, e] = [start(), step('unlisted'), step('beyond'), end()];
    const f = flowOf(s, [s, beyond, e], [edge(s, unlisted), edge(unlisted, beyond), edge(s, e)]);
    expect(ids(reachableNodes(f))).toEqual(['start', 'end']);
    expect(reachableNodes(f).has(unlisted)).toBe(false);
  });

  it('reaches no node from a start node that is missing or not listed', () => {
    const [s, e] = [start(), end()];
    const without = { ...flowOf(s, [s, e], [edge(s, e)]), start_node: undefined } as unknown as Flow;
    expect(reachableNodes(without).size).toBe(0);
    const unlisted = flowOf(s, [e], [edge(s, e)]);
    expect(reachableNodes(unlisted).size).toBe(0);
  });
});
