import type { Agent, Component, Flow } from '@agentspec/core';
import { compileAgentGraph } from './agent/compile-agent.js';
import { checkComponent } from './check-component.js';
import { CompileContext, type SubgraphCompilers } from './context.js';
import { compileFlowGraph } from './flow/compile-flow.js';
import type { CompiledLangGraph, CompileLangGraphOptions } from './options.js';

const SUBGRAPHS: SubgraphCompilers = {
  flow: (flow, ctx) => compileFlowGraph(flow, ctx).graph,
  agent: (agent, inFlow, ctx) => compileAgentGraph(agent, inFlow, ctx).graph,
};

/**
 * Compile an Agent Spec Agent or Flow to a LangGraph.js graph (DESIGN §4.4):
 * a Flow to a StateGraph with one node per Agent Spec node, an Agent to an
 * agent loop graph. The result is LangGraph's own: `invoke`, `stream`,
 * checkpoint it, inspect it with `getGraph()`. Unsupported components fail
 * here with AS_UNSUPPORTED; what is approximated is in `warnings`.
 */
export function compileLangGraph(component: Component, options: CompileLangGraphOptions = {}): CompiledLangGraph {
  const ctx = new CompileContext(options, SUBGRAPHS);
  checkComponent(component, ctx);
  const { graph, builder } = component.component_type === 'Flow'
    ? compileFlowGraph(component as Flow, ctx, true)
    : compileAgentGraph(component as Agent, false, ctx, true);
  return { graph, builder, warnings: ctx.warnings, close: () => ctx.close() };
}
