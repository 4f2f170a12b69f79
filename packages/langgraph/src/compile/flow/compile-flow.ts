import { StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { ControlFlowEdge, Flow, Known, Node } from '@agentspec/core';
import { admitted, resolveInputs, RuntimeError } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import type { CompileContext } from '../context.js';
import { emit, eventsOn, parentSpan, span } from '../events.js';
import type { GraphBuilder, GraphState, GraphUpdate, LangGraph, NodeFn } from '../graph-types.js';
import { componentDocument, edgeFields, nodeMetadata } from '../metadata.js';
import { graphNodeNames } from '../node-names.js';
import { addControlEdges, routesOnBranch, transitionsOf, type Transitions } from './flow-edges.js';
import { FlowData } from './flow-data.js';
import { flowSchemas, type FlowValues } from './flow-state.js';
import type { CompiledNode } from './node-handler.js';
import { NODE_HANDLERS } from './nodes/index.js';

/**
 * A Flow as a StateGraph (DESIGN §4.4): one graph node per Agent Spec node,
 * named after it; plain edges for single-branch nodes, conditional edges for
 * multi-branch ones; cycles as cycles. Node bodies run the semantics of
 * @agentspec/runtime on the state (inputs in, outputs and branch out).
 */
export function buildFlowGraph(flow: Flow, ctx: CompileContext): GraphBuilder {
  const schemas = flowSchemas(flow);
  const builder = new StateGraph({ stateSchema: schemas.state, input: schemas.input, output: schemas.output }) as unknown as GraphBuilder;
  const stateKeys = new Set(Object.keys(schemas.state.spec));
  const names = graphNodeNames(flow.nodes, stateKeys);
  const data = new FlowData(flow);
  const transitions = transitionsOf(flow);
  const edgesFrom = new Map<Node, ControlFlowEdge[]>();
  for (const e of flow.control_flow_connections) edgesFrom.set(e.from_node, [...(edgesFrom.get(e.from_node) ?? []), e]);
  for (const spec of flow.nodes) {
    const node = admitted(spec);
    const compiled = (NODE_HANDLERS[node.component_type] as (n: Node, fc: { flow: Flow; ctx: CompileContext }) => CompiledNode)(node, { flow, ctx });
    const metadata = nodeMetadata(node.component_type, () => {
      const dataEdges = data.edgesLeaving(node).map((e) => ({ fields: edgeFields(e), output: e.source_output, to: names.get(e.destination_node) as string, input: e.destination_input }));
      const controlEdges = (edgesFrom.get(node) ?? []).map((e) => ({ fields: edgeFields(e), branch: e.from_branch ?? null, to: names.get(e.to_node) as string }));
      return {
        component: componentDocument(node),
        ...(dataEdges.length > 0 ? { dataEdges } : {}),
        ...(controlEdges.length > 0 ? { controlEdges } : {}),
        ...(node === flow.start_node ? { flow: flowFields(flow) } : {}),
      };
    });
    builder.addNode(names.get(node) as string, nodeAction(flow, node, compiled, data, transitions), {
      metadata,
      ...(compiled.subgraphs ? { subgraphs: [...compiled.subgraphs] } : {}),
    });
  }
  addControlEdges(builder, flow, names, transitions);
  return builder;
}

export function compileFlowGraph(flow: Flow, ctx: CompileContext, root = false): { graph: LangGraph; builder: GraphBuilder } {
  const builder = buildFlowGraph(flow, ctx);
  const checkpointer = root ? ctx.options.checkpointer : undefined;
  const compiled = builder.compile({ name: flow.name, ...(checkpointer !== undefined ? { checkpointer } : {}) });
  return { graph: compiled.withConfig({ recursionLimit: ctx.limits.maxSteps }) as LangGraph, builder };
}

const STRUCTURE = new Set(['start_node', 'nodes', 'control_flow_connections', 'data_flow_connections']);

/** The flow's own fields, kept on its StartNode's metadata (its nodes and edges are the graph). */
function flowFields(flow: Flow): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flow)) if (!STRUCTURE.has(k) && v !== undefined) fields[k] = structuredClone(v);
  fields.data_flow_connections = flow.data_flow_connections === null || flow.data_flow_connections === undefined ? null : [];
  return fields;
}

function flowSpanId(config: LangGraphRunnableConfig): string {
  const ns = String(config.configurable?.checkpoint_ns ?? '');
  return `flow:${String(config.configurable?.thread_id ?? '')}:${ns.slice(0, Math.max(0, ns.lastIndexOf('|')))}`;
}

/**
 * The body of `node` in `flow`: its inputs resolved (flow inputs for the
 * StartNode, data edges or names otherwise), the node kind's semantics run
 * (`compiled`), its outputs written where data edges take them, the branch it
 * finished on written where a conditional edge routes on it (AS_NO_TRANSITION
 * for a branch no edge leaves), messages added to the conversation. Also the
 * node steps of emitted flows (flowNodes.step).
 */
export function nodeAction(flow: Flow, node: Known<Node>, compiled: CompiledNode, data: FlowData, transitions: Transitions): NodeFn {
  const site = { node: node.id };
  const isStart = node === flow.start_node;
  const isEnd = node.component_type === 'EndNode';
  const leaving = transitions.get(node);
  // the branch is state only where an edge routes on it (conditional edges) or the flow ends on it
  const routes = isEnd || routesOnBranch(node, leaving);
  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const flowSpan = eventsOn(config) ? flowSpanId(config) : undefined;
    if (isStart && flowSpan) emit(config, 'FlowExecutionStart', flowSpan, flow.name, { flow: flow.id }, parentSpan(config));
    const inputs = isStart
      ? resolveInputs(node.inputs, resolveInputs(flow.inputs ?? node.inputs, state, site), site)
      : resolveInputs(node.inputs, data.available(node, state[CHANNELS.values] as FlowValues | undefined), site);
    const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
    const outcome = await span(config, ['NodeExecutionStart', 'NodeExecutionEnd'], node.name, { node: node.id, component_type: node.component_type, inputs }, flowSpan,
      (nodeSpan) => compiled.run({ inputs, state, messages, config, span: nodeSpan }),
      (o) => ({ outputs: o.outputs, branch: o.branch ?? 'next' }));
    const branch = outcome.branch ?? 'next';
    if (!isEnd && !leaving?.has(branch)) throw new RuntimeError('AS_NO_TRANSITION', `no control edge leaves branch '${branch}'`, site);
    const update: GraphUpdate = routes ? { [CHANNELS.branch]: branch, ...outcome.update } : { ...outcome.update };
    const writes = data.writes(node, outcome.outputs);
    if (writes) update[CHANNELS.values] = writes;
    if (outcome.messages && outcome.messages.length > 0) update[CHANNELS.messages] = [...outcome.messages];
    if (isEnd && flowSpan) emit(config, 'FlowExecutionEnd', flowSpan, flow.name, { outputs: outcome.update ?? {}, branch }, parentSpan(config));
    return update;
  };
}
