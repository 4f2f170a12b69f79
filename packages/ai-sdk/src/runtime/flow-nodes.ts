import type { Component, Flow, Node } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';

/** Who executes each node kind of a Flow on this runtime (DESIGN §4.3): the reference interpreter, with the LLM calls of LlmNode and AgentNode made by the AI SDK. */
export type NodeExecution = 'interpreter' | 'interpreter, LLM calls on the AI SDK';

/** One entry per node kind: adding a kind to core breaks the build until it is handled (or rejected) here. */
export const FLOW_NODES: Readonly<Record<Node['component_type'], NodeExecution>> = {
  StartNode: 'interpreter',
  EndNode: 'interpreter',
  LlmNode: 'interpreter, LLM calls on the AI SDK',
  AgentNode: 'interpreter, LLM calls on the AI SDK',
  ApiNode: 'interpreter',
  FlowNode: 'interpreter',
  MapNode: 'interpreter',
  BranchingNode: 'interpreter',
  ToolNode: 'interpreter',
  InputMessageNode: 'interpreter',
  OutputMessageNode: 'interpreter',
};

/** Refuse a flow with a node kind this runtime does not know (a plugin node), naming it. */
export function checkFlowNodes(flow: Flow, seen = new Set<Component>()): void {
  if (seen.has(flow)) return;
  seen.add(flow);
  for (const node of flow.nodes) {
    if (!Object.hasOwn(FLOW_NODES, node.component_type)) {
      throw new RuntimeError('AS_UNSUPPORTED', `${node.component_type} '${(node as { id?: string }).id ?? '?'}' is not a node kind the AI SDK runtime can run`, { node: (node as { id?: string }).id ?? '?' });
    }
    const inner = (node as { subflow?: Component; agent?: Component }).subflow ?? (node as { agent?: Component }).agent;
    if (inner?.component_type === 'Flow') checkFlowNodes(inner as Flow, seen);
  }
}
