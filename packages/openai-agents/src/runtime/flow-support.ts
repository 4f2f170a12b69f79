import type { AgentNode, Flow, FlowNode, MapNode, Node } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';

/** How a node kind runs on this runtime. */
export interface FlowNodeSupport {
  /** Every node runs on the reference interpreter (DESIGN §4.3). */
  readonly runsOn: 'reference-interpreter';
  /** Whose model serves the node's LLM calls, if it makes any. */
  readonly llmCalls: 'agents-sdk' | null;
  /** Refuse at load what this runtime cannot run (AS_UNSUPPORTED naming it). */
  readonly check?: (node: Node) => void;
}

const plain: FlowNodeSupport = { runsOn: 'reference-interpreter', llmCalls: null };

/**
 * One entry per node kind (a new kind in core breaks the build until it is
 * listed): LlmNode and AgentNode generations go through the Agents SDK's
 * models; the rest is the interpreter's own.
 */
export const FLOW_NODES: { readonly [K in Node['component_type']]: FlowNodeSupport } = {
  StartNode: plain,
  EndNode: plain,
  LlmNode: { runsOn: 'reference-interpreter', llmCalls: 'agents-sdk' },
  AgentNode: {
    runsOn: 'reference-interpreter',
    llmCalls: 'agents-sdk',
    check: (node) => {
      const agent = (node as AgentNode).agent;
      if (agent.component_type !== 'Agent' && agent.component_type !== 'Flow') {
        throw new RuntimeError('AS_UNSUPPORTED', `AgentNode '${node.id}' runs ${agent.component_type} '${agent.id}' (a remote agent), which the openai-agents runtime cannot run`, { node: node.id });
      }
    },
  },
  ApiNode: plain,
  FlowNode: plain,
  MapNode: plain,
  BranchingNode: plain,
  ToolNode: plain,
  InputMessageNode: plain,
  OutputMessageNode: plain,
};

/** Check every node of a flow and of its subflows against FLOW_NODES. */
export function checkFlow(flow: Flow, seen = new Set<Flow>()): void {
  if (seen.has(flow)) return;
  seen.add(flow);
  for (const node of flow.nodes) {
    FLOW_NODES[node.component_type].check?.(node);
    const inner = node.component_type === 'FlowNode' ? (node as FlowNode).subflow
      : node.component_type === 'MapNode' ? (node as MapNode).subflow
        : node.component_type === 'AgentNode' && (node as AgentNode).agent.component_type === 'Flow' ? ((node as AgentNode).agent as Flow) : undefined;
    if (inner) checkFlow(inner, seen);
  }
}
