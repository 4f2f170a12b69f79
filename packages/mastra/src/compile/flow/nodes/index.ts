import type { Node, NodeKind, OfKind } from '@agentspec/core';
import { agentNode } from './agent-node.js';
import { apiNode } from './api-node.js';
import { branchingNode } from './branching-node.js';
import { flowNode } from './flow-node.js';
import { laterNode } from './later-node.js';
import { llmNode } from './llm-node.js';
import { mapNode } from './map-node.js';
import { inputMessageNode, outputMessageNode } from './messages.js';
import { endNode, startNode } from './passthrough.js';
import { toolNode } from './tool-node.js';
import type { NodeCompiler } from './types.js';

/** One compiler per node kind: a node kind added to core does not build until it is handled here; admit() refuses unknown nodes first, but those of later versions listed in the capabilities' `runs`. */
export const NODE_COMPILERS: { readonly [K in NodeKind]: NodeCompiler<OfKind<Node, K>> } = {
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
