/**
 * Any StateGraph as a Flow (DESIGN §5): one variable space shared by name
 * (LangGraph's state; `data_flow_connections: null`); each node a ToolNode
 * whose ServerTool is named after the node (it reads the state keys and
 * returns an update, as the node function does); subgraphs as FlowNodes (or
 * AgentNodes, for agent graphs); a conditional edge with a path map as a
 * router ToolNode (its path function) and a BranchingNode; START and END as
 * a StartNode and an EndNode. State keys the state schema does not require
 * (all of an Annotation's) get a null default.
 */
import type { Doc, DocumentBuilder } from './document.js';
import { ref } from './document.js';
import { END_KEY, isGraph, reducedKeys, START_KEY, stateJsonSchemas, stateKeys, type StateGraphLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';
import type { ImportNested } from './own-graph.js';
import { property } from './state-properties.js';
import { routerNodes } from './router-nodes.js';

type Invokable = { invoke(input: unknown): Promise<unknown> };

export async function foreignFlowDocument(b: StateGraphLike, name: string, docs: DocumentBuilder, ctx: ImportContext, nested: ImportNested): Promise<Doc> {
  const { schemas, required } = stateJsonSchemas(b);
  const keys = stateKeys(b);
  for (const k of reducedKeys(b)) ctx.warn('approximated', k, `state key '${k}' has a reducer: in the spec a node's output overwrites it`);
  // a key the state schema does not require may be unset: null by default (LangGraph leaves it out)
  const inputs = keys.inputs.map((k) => property(k, schemas[k], !required.has(k)));
  const outputs = keys.outputs.map((k) => property(k, schemas[k], !required.has(k)));
  const idOf = new Map<string, string>();
  const nodes: Doc[] = [];
  const start = { component_type: 'StartNode', id: ctx.id(`${name}_start`), name: 'start', inputs, outputs: inputs };
  const end = { component_type: 'EndNode', id: ctx.id(`${name}_end`), name: 'end', inputs: outputs, outputs };
  idOf.set(START_KEY, start.id);
  idOf.set(END_KEY, end.id);
  nodes.push(docs.node(start));
  const toolInputs = keys.all.map((k) => property(k, schemas[k], true));
  const toolOutputs = keys.all.map((k) => property(k, schemas[k]));
  for (const [node, spec] of Object.entries(b.nodes)) {
    const id = ctx.id(node);
    idOf.set(node, id);
    if (isGraph(spec.runnable)) {
      const inner = await nested(spec.runnable);
      nodes.push(docs.node(inner.component_type === 'Agent' ? { component_type: 'AgentNode', id, name: node, agent: inner } : { component_type: 'FlowNode', id, name: node, subflow: inner }));
      continue;
    }
    if ((spec.subgraphs ?? []).length > 0) ctx.warn('approximated', node, `node '${node}' calls a subgraph in its function: it is a ServerTool, the subgraph is not in the spec`);
    const toolName = uniqueTool(ctx, node);
    const runnable = spec.runnable as Invokable;
    ctx.tools[toolName] = async (args) => (await runnable.invoke(args)) ?? {};
    nodes.push(docs.node({
      component_type: 'ToolNode', id, name: node,
      tool: { component_type: 'ServerTool', id: ctx.id(`${node}_tool`), name: toolName, description: `The function of graph node '${node}': the state in, an update out.`, inputs: toolInputs, outputs: toolOutputs },
    }));
  }
  nodes.push(docs.node(end));
  const control: Doc[] = [];
  const edge = (from: string, to: string, branch?: string) => control.push({
    component_type: 'ControlFlowEdge', id: ctx.id(`${from}_to_${to}`), name: `${from} to ${to}`,
    from_node: ref(from), ...(branch !== undefined ? { from_branch: branch } : {}), to_node: ref(to),
  });
  const leaving = new Map<string, string[]>();
  for (const [from, to] of b.edges) leaving.set(from, [...(leaving.get(from) ?? []), to]);
  for (const [from, targets] of leaving) {
    if (targets.length > 1) ctx.warn('unsupported', from, `node '${from}' has edges to ${targets.join(', ')} (run in parallel): a flow goes on one way; only the edge to '${targets[0]}' is kept`);
    edge(idOf.get(from) as string, idOf.get(targets[0] as string) as string);
  }
  for (const [targets, to] of b.waitingEdges ?? []) ctx.warn('unsupported', to, `the edge from ${targets.join(' and ')} to '${to}' waits for several nodes: flows run one node at a time; it is left out`);
  for (const [source, branches] of Object.entries(b.branches)) {
    for (const [branchName, branch] of Object.entries(branches)) {
      const label = source === START_KEY ? 'start' : source;
      if (!branch.ends) {
        ctx.warn('unsupported', label, `the conditional edge '${branchName}' from '${label}' has no path map, so where it may go is unknown: it is left out (give addConditionalEdges a path map)`);
        continue;
      }
      if (leaving.has(source)) {
        ctx.warn('unsupported', label, `'${label}' has both an edge and a conditional edge (run in parallel): the conditional edge is left out`);
        continue;
      }
      leaving.set(source, []);
      const r = routerNodes(label, branch, keys.all, toolInputs, docs, ctx);
      nodes.splice(nodes.length - 1, 0, r.router, r.branching);
      edge(idOf.get(source) as string, r.routerId);
      edge(r.routerId, r.branchingId);
      for (const [key, target] of Object.entries(branch.ends)) edge(r.branchingId, idOf.get(target) as string, key);
    }
  }
  return {
    component_type: 'Flow', id: ctx.id(name), name,
    inputs, outputs,
    start_node: ref(start.id), nodes, control_flow_connections: control, data_flow_connections: null,
  };
}

function uniqueTool(ctx: ImportContext, name: string): string {
  let n = name;
  for (let i = 2; Object.hasOwn(ctx.tools, n); i++) n = `${name}_${i}`;
  return n;
}
