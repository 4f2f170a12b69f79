import type { NodeHandlers } from '../node-handler.js';
import { agentNode } from './agent-node.js';
import { apiNode } from './api-node.js';
import { branchingNode } from './branching-node.js';
import { flowNode } from './flow-node.js';
import { laterNode } from './later-nodes.js';
import { llmNode } from './llm-node.js';
import { mapNode } from './map-node.js';
import { inputMessageNode, outputMessageNode } from './messages.js';
import { endNode, startNode } from './start-end.js';
import { toolNode } from './tool-node.js';

/**
 * One handler per node kind (a node kind added to core breaks the build until
 * it is handled here). Unknown nodes: the later versions' nodes compiled
 * graphs run (LANGGRAPH_LATER_NODES); admit() refuses the others first.
 */
export const NODE_HANDLERS: NodeHandlers = {
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
