import type { AgentNode, Agent, Flow, FlowNode, MapNode } from '@agentspec/core';
import { defaultReducers } from '@agentspec/core';
import { unsupportedComponent } from '../../admit/admit.js';
import { collect, mapIterations } from '../../semantics/map-reduce.js';
import { shapeOutputs } from '../../semantics/inputs.js';
import { runAgent } from '../run-agent.js';
import { runFlow } from '../run-flow.js';
import type { NodeExecutor } from './types.js';

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
  throw unsupportedComponent(agent);
};

/** MapNode: the subflow once per item, `limits.mapConcurrency` at a time, results reduced in input order. */
export const mapNode: NodeExecutor<MapNode> = async (node, inputs, scope) => {
  const iterations = mapIterations(node, inputs, { node: node.id });
  const scopes = iterations.map(() => scope.child('iteration'));
  const results: Record<string, unknown>[] = new Array(iterations.length);
  const width = Math.max(1, scope.exec.services.limits.mapConcurrency);
  let next = 0;
  const worker = async () => {
    while (next < iterations.length) {
      const i = next++;
      results[i] = (await runFlow(node.subflow, iterations[i] as Record<string, unknown>, scopes[i]!)).outputs;
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, iterations.length) }, worker));
  return { outputs: collect(node.reducers ?? defaultReducers(node.subflow), results) };
};
