import { StateGraph } from '@langchain/langgraph';
import { kindOf, reachableNodes, type ControlFlowEdge, type Flow, type Node } from '@agentspec/core';
import type { CompileContext } from '../context.js';
import type { GraphBuilder, LangGraph } from '../graph-types.js';
import { componentDocument, edgeFields, nodeMetadata, type NodeMetadata } from '../metadata.js';
import { graphNodeNames } from '../node-names.js';
import { addFanOut, fanOutPartNames, FanOutSteps, hasFanOut } from './fan-out.js';
import { addControlEdges, transitionsOf, unreachableWarnings } from './flow-edges.js';
import { FlowData } from './flow-data.js';
import { foldedBranchingNodes, FoldedBranching } from './folded-branching.js';
import { graphNode } from './flow-node-kinds.js';
import { flowSchemas } from './flow-state.js';
import { nodeAction } from './node-action.js';
import type { CompiledNode, FanOutNode, FlowCompile } from './node-handler.js';
import { NODE_HANDLERS } from './nodes/index.js';

/** A node compiled by the handler of its kind (a later version's node by the `Unknown` entry). */
export function compileNode(node: Node, fc: FlowCompile): CompiledNode | FanOutNode {
  return (NODE_HANDLERS[kindOf(node)] as (n: Node, fc: FlowCompile) => CompiledNode | FanOutNode)(graphNode(node) as Node, fc);
}

/**
 * A Flow as a StateGraph (DESIGN §4.4): one graph node per Agent Spec node,
 * named after it; plain edges for single-branch nodes, conditional edges for
 * multi-branch ones; cycles as cycles. Node bodies run the semantics of
 * @agentspec/runtime on the state (inputs in, outputs and branch out). A
 * ParallelFlowNode or ParallelMapNode is a fan-out (fan-out.ts): its node,
 * the tasks of the next step, and a join node its control edges leave from.
 * A BranchingNode is folded into the conditional edges of the nodes leading
 * to it where that changes nothing observable (folded-branching.ts): its
 * metadata is on theirs (`folded`). A node the StartNode cannot reach is left
 * out, with a warning (flow-edges.ts: unreachableWarnings).
 */
export function buildFlowGraph(flow: Flow, ctx: CompileContext): GraphBuilder {
  const schemas = flowSchemas(flow);
  const builder = new StateGraph({ stateSchema: schemas.state, input: schemas.input, output: schemas.output }) as unknown as GraphBuilder;
  const stateKeys = new Set(Object.keys(schemas.state.spec));
  const names = graphNodeNames(flow.nodes, stateKeys);
  const taken = new Set([...names.values(), ...stateKeys]);
  const exits = new Map(names);
  const data = new FlowData(flow);
  const transitions = transitionsOf(flow);
  const reachable = reachableNodes(flow);
  ctx.warnings.push(...unreachableWarnings(flow, reachable));
  const edgesFrom = new Map<Node, ControlFlowEdge[]>();
  for (const e of flow.control_flow_connections) edgesFrom.set(e.from_node, [...(edgesFrom.get(e.from_node) ?? []), e]);
  const folding = new FoldedBranching(flow, foldedBranchingNodes(flow, transitions, ctx.limits.maxSteps), data, transitions);
  const metadataOf = (node: Node): NodeMetadata => {
    const dataEdges = data.edgesLeaving(node).map((e) => ({ fields: edgeFields(e), output: e.source_output, to: names.get(e.destination_node) as string, input: e.destination_input }));
    const controlEdges = (edgesFrom.get(node) ?? []).map((e) => ({ fields: edgeFields(e), branch: e.from_branch ?? null, to: names.get(e.to_node) as string }));
    const folded = folding.routesThrough(node) ? folding.foldedAfter(node).map((n) => ({ name: names.get(n) as string, at: folding.indexOf(n), ...metadataOf(n) })) : [];
    return {
      component: componentDocument(graphNode(node) as Node),
      ...(dataEdges.length > 0 ? { dataEdges } : {}),
      ...(controlEdges.length > 0 ? { controlEdges } : {}),
      ...(node === flow.start_node ? { flow: flowFields(flow) } : {}),
      ...(folded.length > 0 ? { folded } : {}),
    };
  };
  for (const spec of flow.nodes) {
    if (folding.folded.has(spec) || !reachable.has(spec)) continue;
    const node = spec;
    const name = names.get(spec) as string;
    const compiled = compileNode(node, { flow, ctx });
    const folded = folding.routesThrough(node) ? folding.foldedAfter(node).map((n) => n.name) : undefined;
    const metadata = nodeMetadata(graphNode(node).component_type, () => metadataOf(node), folded);
    if ('fanOut' in compiled) {
      const parts = fanOutPartNames(name, compiled.fanOut, taken);
      addFanOut(builder, new FanOutSteps(flow, node, compiled.fanOut, data, transitions, parts, ctx.limits.parallelism), metadata);
      exits.set(spec, parts.join);
      continue;
    }
    builder.addNode(name, nodeAction(flow, node, compiled, data, transitions), {
      metadata,
      ...(compiled.subgraphs ? { subgraphs: [...compiled.subgraphs] } : {}),
    });
  }
  addControlEdges(builder, flow, names, transitions, exits, folding, reachable);
  return builder;
}

export function compileFlowGraph(flow: Flow, ctx: CompileContext, root = false): { graph: LangGraph; builder: GraphBuilder } {
  const builder = buildFlowGraph(flow, ctx);
  const checkpointer = root ? ctx.options.checkpointer : undefined;
  const compiled = builder.compile({ name: flow.name, ...(checkpointer !== undefined ? { checkpointer } : {}) });
  // the tasks of a fan-out run at most limits.parallelism at once: LangGraph's own bound on the tasks of a step
  // (at least 2: with 1, LangGraph 1.7 runs a step's first task only; the fan-out's tasks keep the bound of 1 themselves)
  const bounds = hasFanOut(flow) ? { maxConcurrency: Math.max(2, ctx.limits.parallelism) } : {};
  return { graph: compiled.withConfig({ recursionLimit: ctx.limits.maxSteps, ...bounds }) as LangGraph, builder };
}

const STRUCTURE = new Set(['start_node', 'nodes', 'control_flow_connections', 'data_flow_connections']);

/** The flow's own fields, kept on its StartNode's metadata (its nodes and edges are the graph). */
function flowFields(flow: Flow): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flow)) if (!STRUCTURE.has(k) && v !== undefined) fields[k] = structuredClone(v);
  fields.data_flow_connections = flow.data_flow_connections === null || flow.data_flow_connections === undefined ? null : [];
  return fields;
}
