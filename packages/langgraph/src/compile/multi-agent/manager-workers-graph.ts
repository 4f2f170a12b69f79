import { Annotation, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { toDocument, type Component, type ManagerWorkers } from '@agentspec/core';
import { checkManagerWorkers, managerWorkers, memberAgent, shapeOutputs, workerToolSpec } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import { agentRecursionLimit } from '../agent/agent-limits.js';
import { compileAgentGraph } from '../agent/compile-agent.js';
import type { CompileContext } from '../context.js';
import { memberConfig } from '../events.js';
import { messagesChannel } from '../flow/flow-state.js';
import type { GraphBuilder, GraphState, GraphUpdate, LangGraph } from '../graph-types.js';
import { componentDocument, nodeMetadata } from '../metadata.js';
import { agentNodeNames, askAgent, checkMemberKeys, endGroupSpan, groupSpan, inputsIn, memberKeys } from './member-graphs.js';

/**
 * A ManagerWorkers as a LangGraph supervisor graph (DESIGN §4.2 semantics):
 * one node, the group manager — its agent graph as a subgraph — whose tools
 * include one per worker (`workerToolSpec`); a call invokes the worker's own
 * agent graph as a subgraph, on a conversation of its own starting with the
 * task, and its answer is the call's result. Calls of one answer run one
 * after another, in order. The manager's text reply ends the run (the
 * user's turn); the next run continues the conversation with the manager.
 * The manager's node metadata holds its document and the group's (`given`,
 * as written), which the importer reads.
 */
export function compileManagerWorkersGraph(mw: ManagerWorkers, ctx: CompileContext, root = false, given: Component = mw as unknown as Component): { graph: LangGraph; builder: GraphBuilder } {
  checkManagerWorkers(mw);
  const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
  const workers = managerWorkers(mw).map((w) => {
    const agent = memberAgent(w as Component, mw, 'worker');
    return { agent, spec: workerToolSpec(w), graph: compileAgentGraph(agent, false, ctx, false, { mode: 'caller', specs: [], call: () => Promise.reject(new Error('no tools')) }).graph };
  });
  const members = [manager, ...workers.map((w) => w.agent)];
  const keys = memberKeys(members, mw.outputs);
  checkMemberKeys(mw, keys, [CHANNELS.messages, CHANNELS.done, CHANNELS.turns]);
  const state = Annotation.Root({ ...keys, [CHANNELS.messages]: messagesChannel(), [CHANNELS.done]: Annotation<boolean>() });
  const builder = new StateGraph(state) as unknown as GraphBuilder;
  const graph = compileAgentGraph(manager, false, ctx, false, {
    mode: 'owner',
    specs: workers.map((w) => w.spec),
    state: {},
    call: async (c, s, config, parent) => {
      const worker = workers.find((w) => w.spec.name === c.name)!;
      return { result: await askAgent(worker.graph, worker.agent, c, s, config, parent, ctx) };
    },
  }).graph;
  const name = agentNodeNames([manager], new Set([...Object.keys(keys), CHANNELS.messages, CHANNELS.done])).get(manager.id)!;
  builder.addNode(name, async (s: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const inputs: Record<string, unknown> = Object.assign({}, ...members.map((a) => inputsIn(a, s)));
    const group = groupSpan(config, 'ManagerWorkers', mw, inputs);
    const out = (await graph.invoke(s, { ...memberConfig(config, group, group ? `${group}/manager` : undefined), recursionLimit: agentRecursionLimit(ctx.limits.maxAgentSteps) })) as GraphState;
    const update: GraphUpdate = { [CHANNELS.messages]: out[CHANNELS.messages], [CHANNELS.done]: out[CHANNELS.done] === true };
    if (out[CHANNELS.done] === true) {
      const given: Record<string, unknown> = {};
      for (const p of manager.outputs ?? []) given[p.title] = out[p.title];
      const outputs = shapeOutputs(mw.outputs, given);
      Object.assign(update, outputs);
      endGroupSpan(config, 'ManagerWorkers', mw, group, outputs);
    }
    return update;
  }, { subgraphs: [graph, ...workers.map((w) => w.graph)], metadata: nodeMetadata('Agent', () => ({ component: componentDocument(manager), group: toDocument(given) })) } as never);
  builder.addEdge(START, name);
  const checkpointer = root ? ctx.options.checkpointer : undefined;
  const compiled = builder.compile({ name: String(mw.name), ...(checkpointer !== undefined ? { checkpointer } : {}) });
  return { graph: compiled as unknown as LangGraph, builder };
}
