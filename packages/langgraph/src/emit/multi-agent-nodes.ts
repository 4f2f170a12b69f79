/**
 * `multiAgentNodes`: the agent nodes of emitted Swarms and ManagerWorkers. A
 * module written by `emitLangGraph` for a Swarm writes its graph out with
 * LangGraph's API — the state with `activeAgent`, a node per agent with its
 * `ends`, START routed to `activeAgent`, and the handoff itself:
 * `new Command({ graph: Command.PARENT, goto, update })` — and calls these
 * for the agents' graphs and node bodies, so they run the same Agent Spec
 * semantics as `compileLangGraph`'s graphs (the Swarm's tools, handoff
 * limits, asked agents, trace events). A ManagerWorkers' module writes its
 * supervisor graph out, the manager's node from `multiAgentNodes.manager`.
 */
import type { Component, ManagerWorkers, Swarm } from '@agentspec/core';
import { managerNode, type ManagerNode } from '../compile/multi-agent/manager-workers-graph.js';
import { swarmParts, type HandOver, type SwarmAgentNode } from '../compile/multi-agent/swarm-graph.js';
import { FlowContext, type FlowBuildOptions } from './flow-nodes.js';

/** The agents of a Swarm as nodes, by node name, and the recursion limit of its graph. */
export interface SwarmNodes {
  readonly agents: Readonly<Record<string, Pick<SwarmAgentNode, 'graph' | 'run'>>>;
  readonly recursionLimit: number;
}

/** The agent nodes of emitted Swarms and ManagerWorkers (see the README, "Emitting TypeScript"). */
export const multiAgentNodes = {
  /** What the agents of one build share (tools, LLM, limits, network, the transforms of `root`'s agents; close() ends MCP connections). */
  context: (options: FlowBuildOptions = {}, root?: Swarm | ManagerWorkers): FlowContext => new FlowContext(options, root as unknown as Component | undefined),
  /** The agents of a Swarm: each its graph (with the Swarm's tools; a transfer ends it with `handOver`'s Command) and node body. */
  swarm(swarm: Swarm, ctx: FlowContext, handOver: HandOver): SwarmNodes {
    const parts = swarmParts(swarm, ctx.compile, handOver);
    return { agents: Object.fromEntries(parts.agents.map((a) => [a.name, { graph: a.graph, run: a.run }])), recursionLimit: parts.recursionLimit };
  },
  /** The manager of a ManagerWorkers: its graph (its worker tools invoke the workers' graphs), the workers' graphs, its node body. */
  manager(mw: ManagerWorkers, ctx: FlowContext): Pick<ManagerNode, 'graph' | 'workers' | 'run'> {
    const node = managerNode(mw, ctx.compile);
    return { graph: node.graph, workers: node.workers, run: node.run };
  },
} as const;
