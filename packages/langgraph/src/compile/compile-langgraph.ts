import { laterComponent, type Agent, type Component, type Flow } from '@agentspec/core';
import { specializeAgents } from '@agentspec/runtime';
import { compileAgentGraph } from './agent/compile-agent.js';
import { checkComponent } from './check-component.js';
import { CompileContext, type SubgraphCompilers } from './context.js';
import { compileFlowGraph } from './flow/compile-flow.js';
import { compileManagerWorkersGraph } from './multi-agent/manager-workers-graph.js';
import { compileSwarmGraph } from './multi-agent/swarm-graph.js';
import type { CompiledLangGraph, CompileLangGraphOptions } from './options.js';

const SUBGRAPHS: SubgraphCompilers = {
  flow: (flow, ctx) => compileFlowGraph(flow, ctx).graph,
  agent: (agent, inFlow, ctx) => compileAgentGraph(agent, inFlow, ctx).graph,
};

/**
 * Compile an Agent Spec Agent or Flow to a LangGraph.js graph (DESIGN §4.4):
 * a Flow to a StateGraph with one node per Agent Spec node, an Agent to an
 * agent loop graph, a Swarm to a swarm graph (a node per agent, handoffs as
 * `Command({ graph: Command.PARENT, goto })`), a ManagerWorkers to a
 * supervisor graph (the manager's tools invoke the workers' graphs);
 * SpecializedAgents compile as the Agents they stand for. The result is LangGraph's own: `invoke`, `stream`,
 * checkpoint it, inspect it with `getGraph()`. Unsupported components fail
 * here with AS_UNSUPPORTED; what is approximated is in `warnings`.
 */
export function compileLangGraph(given: Component, options: CompileLangGraphOptions = {}): CompiledLangGraph {
  const ctx = new CompileContext(options, SUBGRAPHS);
  checkComponent(given, ctx);
  const component = specializeAgents(given);
  const swarm = laterComponent(component, 'Swarm');
  const mw = laterComponent(component, 'ManagerWorkers');
  const { graph, builder } = swarm ? compileSwarmGraph(swarm, ctx, true, given)
    : mw ? compileManagerWorkersGraph(mw, ctx, true, given)
    : component.component_type === 'Flow'
      ? compileFlowGraph(component as Flow, ctx, true)
      : compileAgentGraph(component as Agent, false, ctx, true);
  return { graph, builder, warnings: ctx.warnings, close: () => ctx.close() };
}
