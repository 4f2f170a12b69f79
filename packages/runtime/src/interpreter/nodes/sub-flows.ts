import type { AgentNode, Agent, Flow, FlowNode, MapNode } from '@agentspec/core';
import { defaultReducers, laterComponent } from '@agentspec/core';
import { unsupportedComponent } from '../../admit/admit.js';
import { collect, mapIterations, type MapLike } from '../../semantics/map-reduce.js';
import { runBounded } from '../../semantics/parallel.js';
import type { Scope } from '../execution.js';
import { shapeOutputs } from '../../semantics/inputs.js';
import { runA2aAgent } from '../run-a2a-agent.js';
import { runAgent } from '../run-agent.js';
import { runFlow } from '../run-flow.js';
import type { NodeExecutor, NodeResult } from './types.js';

/** FlowNode: the subflow with the node's inputs; its outputs and finishing branch. */
export const flowNode: NodeExecutor<FlowNode> = async (node, inputs, scope) => {
  const r = await runFlow(node.subflow, inputs, scope);
  return { outputs: r.outputs, branch: r.branch };
};

/** AgentNode: the agent (or flow) on the node's inputs, sharing the flow's conversation. */
export const agentNode: NodeExecutor<AgentNode> = async (node, inputs, scope) => {
  const agent = node.agent;
  if (agent.component_type === 'Agent') return { outputs: shapeOutputs(node.outputs, await runAgent(agent as Agent, inputs, scope, true)) };
  if (agent.component_type === 'Flow') return { outputs: (await runFlow(agent as Flow, inputs, scope)).outputs };
  const remote = laterComponent(agent, 'A2AAgent');
  if (remote) return { outputs: shapeOutputs(node.outputs, await runA2aAgent(remote, inputs, scope, true)) };
  throw unsupportedComponent(agent);
};

/** MapNode: the subflow once per item, `limits.mapConcurrency` at a time, results reduced in input order. */
export const mapNode: NodeExecutor<MapNode> = (node, inputs, scope) => mapOver(node, inputs, scope, scope.exec.services.limits.mapConcurrency);

/** A MapNode or ParallelMapNode: the subflow once per item, `width` at a time, results reduced in input order. */
export async function mapOver(node: MapLike, inputs: Record<string, unknown>, scope: Scope, width: number): Promise<NodeResult> {
  const iterations = mapIterations(node, inputs, { node: node.id });
  const scopes = iterations.map(() => scope.child('iteration'));
  const results = await runBounded(iterations.length, width, async (i) => (await runFlow(node.subflow, iterations[i]!, scopes[i]!)).outputs);
  return { outputs: collect(node.reducers ?? defaultReducers(node.subflow), results) };
}
