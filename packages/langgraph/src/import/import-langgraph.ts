import { AgentSpecLoadError, hasErrors, load, type Component } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import { DocumentBuilder, type Doc } from './document.js';
import { foreignFlowDocument } from './foreign-flow.js';
import { graphOf } from './graph-shape.js';
import { ImportContext } from './import-context.js';
import { multiAgentDocument } from './multi-agent-graph.js';
import type { ImportedLangGraph, ImportLangGraphOptions } from './options.js';
import { ownAgent, ownFlow, ownFlowDocument, ownGroup, type ImportNested } from './own-graph.js';
import { isReactAgent, isReactAgentGraph, reactAgentDocument, reactAgentGraphDocument, reactAgentGraphTools } from './prebuilt-agent.js';
import { returnsDirectly } from './tool-documents.js';

/**
 * Export a LangGraph graph to Agent Spec (DESIGN §5): a StateGraph or
 * compiled graph becomes a Flow (nodes as ToolNodes backed by ServerTools
 * named after them, conditional edges with a path map as a router and a
 * BranchingNode, subgraphs as FlowNodes, START and END as a StartNode and an
 * EndNode, state keys as inputs and outputs); `createAgent` and
 * `createReactAgent` agents become an Agent; a swarm of prebuilt agents
 * handing off to one another a Swarm, a supervisor graph a ManagerWorkers
 * (multi-agent-graph.ts); a graph compiled by
 * `compileLangGraph` gives its spec back. What cannot be represented is a
 * warning naming it.
 */
export async function importLangGraph(graph: unknown, options: ImportLangGraphOptions = {}): Promise<ImportedLangGraph> {
  const ctx = new ImportContext();
  const docs = new DocumentBuilder();
  const nested: ImportNested = (g) => componentDocument(g, undefined, docs, ctx, nested);
  const root = await componentDocument(graph, options.name, docs, ctx, nested);
  if (options.name !== undefined) root.name = options.name;
  if (options.id !== undefined) root.id = options.id;
  const result = load(docs.finish(root));
  if (!result.component || hasErrors(result.diagnostics)) {
    // the warnings say what the importer did not carry over: kept with the error
    throw Object.assign(new AgentSpecLoadError(result.diagnostics), { warnings: ctx.warnings });
  }
  return { component: result.component as Component, warnings: ctx.warnings, tools: ctx.tools };
}

async function componentDocument(value: unknown, name: string | undefined, docs: DocumentBuilder, ctx: ImportContext, nested: ImportNested): Promise<Doc> {
  if (isReactAgent(value)) {
    const direct = returnsDirectly(value.options.tools ?? []);
    const graph = graphOf(value.graph);
    if (direct.length === 0 || !graph) return reactAgentDocument(value, name ?? 'Agent', ctx);
    const label = name ?? value.options.name ?? 'Agent';
    returnDirectWarning(label, direct, ctx);
    return foreignFlowDocument(graph.builder, label, graph.breakpoints, docs, ctx, nested);
  }
  const shape = graphOf(value);
  if (!shape) {
    throw new RuntimeError('AS_UNSUPPORTED', 'importLangGraph takes a StateGraph, a compiled graph, or an agent made by createAgent or createReactAgent', {}, {
      hint: 'pass the graph object itself (not the result of invoking it)',
    });
  }
  const b = shape.builder;
  const own = ownGroup(b);
  if (own) return docs.adopt(own);
  const agent = ownAgent(b);
  if (agent) return docs.adopt(agent);
  const flow = ownFlow(b);
  if (flow) return ownFlowDocument(b, flow, docs, ctx, nested);
  if (isReactAgentGraph(b)) {
    const label = name ?? shape.name ?? 'Agent';
    const direct = returnsDirectly(reactAgentGraphTools(b));
    if (direct.length === 0) return reactAgentGraphDocument(b, label, shape.breakpoints, ctx);
    returnDirectWarning(label, direct, ctx);
    return foreignFlowDocument(b, label, shape.breakpoints, docs, ctx, nested);
  }
  const group = await multiAgentDocument(b, name ?? shape.name ?? 'LangGraph graph', docs, ctx);
  if (group) return group;
  return foreignFlowDocument(b, name ?? shape.name ?? 'LangGraph graph', shape.breakpoints, docs, ctx, nested);
}

function returnDirectWarning(label: string, direct: readonly string[], ctx: ImportContext): void {
  ctx.warn('LG_RETURN_DIRECT', label, `agent '${label}' has tools that return directly (${direct.join(', ')}): it is a Flow of its graph (its model node, tool node and routers as ServerTools), not an Agent, so that the run ends on their result as LangGraph's does`);
}
