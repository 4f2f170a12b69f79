/**
 * `Send` fan-out (map-reduce): a router returning `new Send(node, payload)`
 * for each item runs `node` once per payload. In the flow: the router writes
 * the payloads to `iterated_<p>`; a MapNode runs a subflow — the node as a
 * ToolNode, the payload in, its updates out — once per payload, in order
 * (a MapNode, not a ParallelMapNode: a 25.4.1 spec, which Mastra runs
 * too); a ToolNode then reduces the collected updates into the state with
 * the graph's reducers, as LangGraph does at the end of the step.
 */
import type { Property } from '@agentspec/core';
import type { Doc } from './document.js';
import { ref } from './document.js';
import type { Exit, ForeignGraph } from './flow-assembly.js';
import type { NodeSpecLike } from './graph-shape.js';
import { nodePolicies } from './node-segment.js';
import { mergeTool, sendTool } from './node-tools.js';

/** A fresh name p for the payloads (the router writes `iterated_<p>`). */
export function sendPayloadVariable(g: ForeignGraph): string {
  return g.vars.fresh('send', (n) => `iterated_${n}`);
}

/** The MapNode over the Sends to `target` and the node reducing their updates; returns where control goes on from. */
export function sendFanOut(g: ForeignGraph, source: string, target: string, spec: NodeSpecLike, payload: string, from: Exit): Exit {
  const { ctx, flow, docs } = g;
  const updates = g.vars.fresh('updates', (n) => `collected_${n}`);
  const payloadProperty = { title: payload, type: 'object' } as Property;
  const updatesProperty = { title: updates, type: 'array', items: { type: 'object' } } as unknown as Property;
  const tool = ctx.tool(target, sendTool(g.state, spec.runnable, { label: target, payload, updates, policies: nodePolicies(target, spec, ctx) }));
  const sub = (doc: Doc) => docs.node(doc);
  const startId = ctx.id(`${target}_send_start`);
  const nodeId = ctx.id(`${target}_send`);
  const endId = ctx.id(`${target}_send_end`);
  const edge = (a: string, b: string) => ({ component_type: 'ControlFlowEdge', id: ctx.id(`${a}_to_${b}`), name: `${a} to ${b}`, from_node: ref(a), to_node: ref(b) });
  const subflow: Doc = {
    component_type: 'Flow', id: ctx.id(`${target}_each_send`), name: `${target} (one Send)`,
    inputs: [payloadProperty], outputs: [updatesProperty],
    start_node: ref(startId),
    nodes: [
      sub({ component_type: 'StartNode', id: startId, name: 'start', inputs: [payloadProperty], outputs: [payloadProperty] }),
      sub({
        component_type: 'ToolNode', id: nodeId, name: target,
        tool: { component_type: 'ServerTool', id: ctx.id(`${target}_send_tool`), name: tool, description: `The function of graph node '${target}' run by a Send: the Send's payload in, the updates it returns out (not yet reduced).`, inputs: [payloadProperty], outputs: [updatesProperty] },
      }),
      sub({ component_type: 'EndNode', id: endId, name: 'end', inputs: [updatesProperty], outputs: [updatesProperty] }),
    ],
    control_flow_connections: [edge(startId, nodeId), edge(nodeId, endId)],
    data_flow_connections: null,
  };
  const mapId = flow.add({ component_type: 'MapNode', id: ctx.id(`${target}_sends`), name: `${target} (each Send)`, subflow, reducers: { [updates]: 'append' } });
  const collected = `collected_${updates}`;
  const mergeName = ctx.tool(`${target}_reduce`, mergeTool(g.state, collected));
  const mergeId = flow.add({
    component_type: 'ToolNode', id: ctx.id(`${target}_reduce`), name: `${target} (reduce)`,
    tool: {
      component_type: 'ServerTool', id: ctx.id(`${target}_reduce_tool`), name: mergeName,
      description: `Applies the updates of the Sends to '${target}' (after '${source}'), in order, to the state with the graph's reducers.`,
      inputs: [...g.state.toolInputs, { title: collected, type: 'array' } as Property], outputs: g.state.toolOutputs,
    },
  });
  ctx.warn('LG_SEND_SEQUENTIAL', source, `the Sends to '${target}' after '${source}' are a MapNode: they run one after another, not in parallel; their updates are reduced in order`);
  flow.edge(from, mapId);
  flow.edge({ from: mapId }, mergeId);
  return { from: mergeId };
}
