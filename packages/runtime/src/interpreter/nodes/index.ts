import type { Node, NodeKind, OfKind } from '@agentspec/core';
import { apiNode } from './api-node.js';
import { branchingNode } from './branching-node.js';
import { llmNode } from './llm-node.js';
import { inputMessageNode, outputMessageNode } from './messages.js';
import { endNode, startNode } from './passthrough.js';
import { agentNode, flowNode, mapNode } from './sub-flows.js';
import { laterNode } from './later-nodes.js';
import { toolNode } from './tool-node.js';
import type { NodeExecutor } from './types.js';

/**
 * One executor per node kind: a node kind added to core does not compile
 * until it is handled here. Unknown nodes: the later versions' nodes the
 * interpreter runs (later-nodes.ts); others (a plugin's) are refused by
 * admit() at load.
 */
export const NODE_EXECUTORS: { readonly [K in NodeKind]: NodeExecutor<OfKind<Node, K>> } = {
  StartNode: startNode,
  EndNode: endNode,
  LlmNode: llmNode,
  ApiNode: apiNode,
  AgentNode: agentNode,
  FlowNode: flowNode,
  MapNode: mapNode,
  BranchingNode: branchingNode,
  ToolNode: toolNode,
  InputMessageNode: inputMessageNode,
  OutputMessageNode: outputMessageNode,
  Unknown: laterNode,
};
