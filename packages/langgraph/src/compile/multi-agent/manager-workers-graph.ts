import { Annotation, START, StateGraph, type LangGraphRunnableConfig, type StateDefinition } from '@langchain/langgraph';
import type { Agent, Component, ManagerWorkers } from '@agentspec/core';
import { checkManagerWorkers, managerWorkers, memberAgent, workerToolSpec } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import { agentRecursionLimit } from '../agent/agent-limits.js';
import { compileAgentGraph } from '../agent/compile-agent.js';
import type { CompileContext } from '../context.js';
import { memberConfig } from '../events.js';
import { messagesChannel } from '../flow/flow-state.js';
import type { GraphBuilder, GraphState, GraphUpdate, LangGraph } from '../graph-types.js';
import { agentNodeNames, askAgent, checkMemberKeys, finishGroup, groupSpan, inputsIn, memberKeys, memberNodeMetadata } from './member-graphs.js';

/** The manager of a ManagerWorkers as a node of its graph: the node's name, the manager's graph, the workers' graphs, the node body. */
export interface ManagerNode {
  readonly agent: Agent;
  readonly name: string;
  readonly graph: LangGraph;
  readonly workers: readonly LangGraph[];
  /** The state keys of the members' inputs and outputs, and the group's outputs. */
  readonly keys: StateDefinition;
  readonly run: (state: GraphState, config: LangGraphRunnableConfig) => Promise<GraphUpdate>;
}

/** The graph node name of a ManagerWorkers' manager (what `managerNode` names it; the emitter writes it). */
export function managerNodeName(mw: ManagerWorkers): string {
  const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
  const members = [manager, ...managerWorkers(mw).map((w) => memberAgent(w as Component, mw, 'worker'))];
  return agentNodeNames([manager], new Set([...Object.keys(memberKeys(members, mw.outputs)), CHANNELS.messages, CHANNELS.done])).get(manager.id)!;
}

/**
 * The manager of a ManagerWorkers as the node of a supervisor graph
 * (DESIGN §4.2 semantics): the manager's agent graph, whose tools include
 * one per worker (`workerToolSpec`); a call invokes the worker's own agent
 * graph, on a conversation of its own starting with the task, and its answer
 * is the call's result. Calls of one answer run one after another, in order.
 * The node body invokes the manager's graph in the group's span.
 */
export function managerNode(mw: ManagerWorkers, ctx: CompileContext): ManagerNode {
  checkManagerWorkers(mw);
  const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
  const workers = managerWorkers(mw).map((w) => {
    const agent = memberAgent(w as Component, mw, 'worker');
    return { agent, spec: workerToolSpec(w), graph: compileAgentGraph(agent, false, ctx, false, { mode: 'caller', specs: [], call: () => Promise.reject(new Error('no tools')) }).graph };
  });
  const members = [manager, ...workers.map((w) => w.agent)];
  const keys = memberKeys(members, mw.outputs);
  checkMemberKeys(mw, keys, [CHANNELS.messages, CHANNELS.done, CHANNELS.turns]);
  const graph = compileAgentGraph(manager, false, ctx, false, {
    mode: 'owner',
    specs: workers.map((w) => w.spec),
    state: {},
    call: async (c, s, config, parent) => {
      const worker = workers.find((w) => w.spec.name === c.name)!;
      return { result: await askAgent(worker.graph, worker.agent, c, s, config, parent, ctx) };
    },
  }).graph;
  const run = async (s: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const inputs: Record<string, unknown> = Object.assign({}, ...members.map((a) => inputsIn(a, s)));
    const group = groupSpan(config, 'ManagerWorkers', mw, inputs);
    const out = (await graph.invoke(s, { ...memberConfig(config, group, group ? `${group}/manager` : undefined), recursionLimit: agentRecursionLimit(ctx.limits.maxAgentSteps) })) as GraphState;
    const update: GraphUpdate = { [CHANNELS.messages]: out[CHANNELS.messages], [CHANNELS.done]: out[CHANNELS.done] === true };
    if (out[CHANNELS.done] === true) finishGroup(config, 'ManagerWorkers', mw, group, manager, out, update);
    return update;
  };
  return { agent: manager, name: managerNodeName(mw), graph, workers: workers.map((w) => w.graph), keys, run };
}

/**
 * A ManagerWorkers as a LangGraph supervisor graph: one node, the manager's
 * ({@link managerNode}). Its text reply ends the run (the user's turn); the
 * next run continues the conversation with the manager. The node's metadata
 * holds the manager's document and the group's (`given`, as written), which
 * the importer reads.
 */
export function compileManagerWorkersGraph(mw: ManagerWorkers, ctx: CompileContext, root = false, given: Component = mw as unknown as Component): { graph: LangGraph; builder: GraphBuilder } {
  const node = managerNode(mw, ctx);
  const state = Annotation.Root({ ...node.keys, [CHANNELS.messages]: messagesChannel(), [CHANNELS.done]: Annotation<boolean>() });
  const builder = new StateGraph(state) as unknown as GraphBuilder;
  builder.addNode(node.name, node.run, { subgraphs: [node.graph, ...node.workers], metadata: memberNodeMetadata(node.agent, given) } as never);
  builder.addEdge(START, node.name);
  const checkpointer = root ? ctx.options.checkpointer : undefined;
  const compiled = builder.compile({ name: String(mw.name), ...(checkpointer !== undefined ? { checkpointer } : {}) });
  return { graph: compiled as unknown as LangGraph, builder };
}
