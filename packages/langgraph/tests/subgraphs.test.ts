import { describe, expect, it } from 'vitest';
import {
  agent, agentNode, apiNode, branchingNode, buildLater, controlFlowEdge, endNode, flow, flowNode, inputMessageNode, llmNode, mapNode,
  openAiCompatibleConfig, outputMessageNode, serverTool, startNode, toolNode, type Flow, type Node,
} from '@agentspec/core';
import { flatFlow } from '../src/runtime/graph-engine.js';
import { runsNoSubgraph, subgraphsOf } from '../src/compile/flow/subgraphs.js';

const llm = openAiCompatibleConfig({ name: 'llm', model_id: 'model', url: 'http://127.0.0.1:1' });

/** A flow of a StartNode, `middle` and an EndNode. */
function around(middle: Node, name = 'outer'): Flow {
  const s = startNode({ name: 'start' });
  const e = endNode({ name: 'end' });
  return flow({ name, start_node: s, nodes: [s, middle, e], control_flow_connections: [controlFlowEdge({ name: 'c1', from_node: s, to_node: middle }), controlFlowEdge({ name: 'c2', from_node: middle, to_node: e })] });
}

const inner = around(outputMessageNode({ name: 'say', message: 'hi' }), 'inner');
const other = around(outputMessageNode({ name: 'say', message: 'ho' }), 'other');
const helper = agent({ name: 'helper', llm_config: llm, system_prompt: 'Help.' });

const LEAVES: readonly Node[] = [
  llmNode({ name: 'llm', llm_config: llm, prompt_template: 'Say hi' }),
  toolNode({ name: 'tool', tool: serverTool({ name: 't' }) }),
  apiNode({ name: 'api', url: 'http://127.0.0.1:1', http_method: 'GET' }),
  branchingNode({ name: 'branch', mapping: { a: 'a' } }),
  inputMessageNode({ name: 'ask' }),
  outputMessageNode({ name: 'tell', message: 'hi' }),
];

const RUNNING_SUBGRAPHS: readonly (readonly [Node, readonly unknown[]])[] = [
  [flowNode({ name: 'sub', subflow: inner }), [inner]],
  [mapNode({ name: 'each', subflow: inner }), [inner]],
  [agentNode({ name: 'agent', agent: helper }), [helper]],
  [buildLater('CatchExceptionNode', { name: 'catch', subflow: inner }) as unknown as Node, [inner]],
  [buildLater('ParallelFlowNode', { name: 'fan', subflows: [inner, other] }) as unknown as Node, [inner, other]],
  [buildLater('ParallelMapNode', { name: 'fan_map', subflow: inner }) as unknown as Node, [inner]],
];

describe('the subgraphs of a node', () => {
  it('a flow of leaf kinds only is flat', () => {
    for (const n of LEAVES) {
      expect(runsNoSubgraph(n), n.component_type).toBe(true);
      expect(subgraphsOf(n)).toEqual([]);
      expect(flatFlow(around(n)), n.component_type).toBe(true);
    }
    expect(flatFlow(inner)).toBe(true);
  });

  it('a FlowNode, MapNode, AgentNode, CatchExceptionNode or fan-out runs its subflows or agent: its flow is not flat', () => {
    for (const [n, subs] of RUNNING_SUBGRAPHS) {
      expect(subgraphsOf(n), n.component_type).toEqual(subs);
      expect(runsNoSubgraph(n), n.component_type).toBe(false);
      expect(flatFlow(around(n)), n.component_type).toBe(false);
    }
  });

  it('a fan-out without subflows, or a node of a kind the compiler does not map, is not counted as running none', () => {
    const empty = buildLater('ParallelFlowNode', { name: 'fan', subflows: [] }) as unknown as Node;
    expect(subgraphsOf(empty)).toEqual([]);
    expect(flatFlow(around(empty))).toBe(false);
    const unknown = { component_type: 'SomeFutureNode', id: 'x', name: 'x', inputs: [], outputs: [], branches: ['next'] } as unknown as Node;
    expect(subgraphsOf(unknown)).toEqual([]);
    expect(runsNoSubgraph(unknown)).toBe(false);
    expect(flatFlow(around(unknown))).toBe(false);
    const named = { component_type: 'constructor', id: 'y', name: 'y' } as unknown as Node;
    expect(flatFlow(around(named))).toBe(false);
  });
});
