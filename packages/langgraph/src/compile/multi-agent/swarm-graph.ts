import type { BaseMessage } from '@langchain/core/messages';
import { Annotation, Command, START, StateGraph, type LangGraphRunnableConfig, type StateDefinition } from '@langchain/langgraph';
import type { Agent, Component, ComponentBase, Swarm } from '@agentspec/core';
import {
  checkSwarm, countHandoff, checkAskDepth, memberAgent, swarmAgents, swarmLinks, transferResult,
  type SwarmLink, type ToolCall,
} from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import { agentRecursionLimit } from '../agent/agent-limits.js';
import { compileAgentGraph } from '../agent/compile-agent.js';
import type { MemberRole } from '../agent/member-role.js';
import type { CompileContext } from '../context.js';
import { memberConfig } from '../events.js';
import { messagesChannel } from '../flow/flow-state.js';
import type { GraphBuilder, GraphState, GraphUpdate, LangGraph } from '../graph-types.js';
import { agentNodeNames, askAgent, checkMemberKeys, finishGroup, groupSpan, inputsIn, memberKeys, memberNodeMetadata } from './member-graphs.js';

/** The channels of a Swarm's graph besides the conversation and the agents' inputs and outputs. */
export const SWARM_CHANNELS = {
  /** The node of the agent owning the conversation: where the next user turn starts (as in `@langchain/langgraph-swarm`). */
  activeAgent: 'activeAgent',
  /** Handoffs in a row since the user last spoke, and transfers since the session started ({@link Handoffs}). */
  handoffs: 'agentspec_handoffs',
} as const;

/** How the conversation was handed over: `inARow` transfers since the user message `since` (its id), `total` in the session. */
export interface Handoffs {
  readonly inARow: number;
  readonly since: string | undefined;
  readonly total: number;
}

/** `configurable` key: how deep the agent asked by send_message is (0: asked by the agent owning the conversation). */
const ASK_DEPTH_KEY = 'agentspec_ask_depth';

/** The id of the last user message of a conversation (the handoffs in a row are counted since it). */
function lastUserMessage(messages: readonly BaseMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.getType() === 'human') return messages[i]!.id ?? `#${i}`;
  return undefined;
}

/**
 * What a transfer_to_<agent> call of an agent of the Swarm does: its graph
 * goes to that agent's node in the swarm graph (its parent), with the
 * conversation, the agent as `activeAgent`, and the handoffs so far.
 */
export type HandOver = (agent: string, update: Readonly<Record<string, unknown>>) => Command;

/** LangGraph's own way to hand a conversation over: `Command({ graph: Command.PARENT, goto, update })`. */
export const handOver: HandOver = (agent, update) => new Command({ graph: Command.PARENT, goto: agent, update: { ...update, [SWARM_CHANNELS.activeAgent]: agent } });

/** An agent of a Swarm as a node of its graph: the node's name, where its Commands may go, its agent graph, the node body invoking it. */
export interface SwarmAgentNode {
  readonly agent: Agent;
  readonly name: string;
  readonly ends: readonly string[];
  readonly graph: LangGraph;
  readonly run: (state: GraphState, config: LangGraphRunnableConfig) => Promise<GraphUpdate>;
}

/** The parts of a Swarm's graph ({@link swarmParts}). */
export interface SwarmParts {
  readonly agents: readonly SwarmAgentNode[];
  /** The node of the first agent: where START goes until a transfer set `activeAgent`. */
  readonly first: string;
  /** The state keys of the agents' inputs and outputs, and the Swarm's outputs. */
  readonly keys: StateDefinition;
  /** The graph's recursion limit: a run is a turn, the active agent and one step per handoff, which limits.maxHandoffs bounds. */
  readonly recursionLimit: number;
}

/** The graph node names of a Swarm's agents, by agent id (what `swarmParts` names them; the emitter writes them). */
export function swarmNodeNames(swarm: Swarm): Map<string, string> {
  const members = swarmAgents(swarm).map((a) => memberAgent(a as Component, swarm, 'agent'));
  const keys = memberKeys(members, swarm.outputs);
  return agentNodeNames(members, new Set([...Object.keys(keys), CHANNELS.messages, CHANNELS.done, ...Object.values(SWARM_CHANNELS)]));
}

/**
 * The agents of a Swarm as nodes of a LangGraph graph (DESIGN §4.2
 * semantics): each agent's own graph (model → tools → model, ending on a
 * text reply) with the tools the Swarm gives it (`swarmLinks`) —
 * `transfer_to_<Agent>` ends its turn with `handOver`'s Command (the first
 * of an answer; `countHandoff` bounds handoffs in a row), and
 * `send_message_to_<Agent>` asks the agent on a conversation of its own, its
 * graph invoked inside the call (`checkAskDepth` bounds asks inside asks).
 * A node body invokes its agent's graph in the Swarm's span, the agent's
 * span one per turn of ownership.
 */
export function swarmParts(swarm: Swarm, ctx: CompileContext, hand: HandOver = handOver): SwarmParts {
  checkSwarm(swarm);
  const limit = ctx.limits.maxHandoffs;
  const members = swarmAgents(swarm).map((a) => memberAgent(a as Component, swarm, 'agent'));
  const byId = new Map(members.map((a) => [a.id, a]));
  const keys = memberKeys(members, swarm.outputs);
  checkMemberKeys(swarm, keys, [CHANNELS.messages, CHANNELS.done, CHANNELS.turns, ...Object.values(SWARM_CHANNELS)]);
  const nodes = swarmNodeNames(swarm);
  const shared = {
    [SWARM_CHANNELS.activeAgent]: Annotation<string>(),
    [SWARM_CHANNELS.handoffs]: Annotation<Handoffs>(),
  };

  // agents asked with send_message: each its graph in `caller` mode (offered send_message only), compiled once
  const callers = new Map<string, LangGraph>();
  const callerGraph = (agent: Agent): LangGraph => {
    let g = callers.get(agent.id);
    if (!g) callers.set(agent.id, (g = compileAgentGraph(agent, false, ctx, false, role(agent, false)).graph));
    return g;
  };
  const call = async (links: readonly SwarmLink[], c: ToolCall, s: GraphState, config: LangGraphRunnableConfig, parent: string | undefined) => {
    const link = links.find((l) => l.spec.name === c.name)!;
    if (link.kind === 'transfer') return { result: transferResult(link.to), handoff: link.to };
    const to = byId.get(link.to.id)!;
    const depth = Number(config.configurable?.[ASK_DEPTH_KEY] ?? 0);
    checkAskDepth(depth, limit, to);
    return { result: await askAgent(callerGraph(to), to, c, s, config, parent, ctx, { [ASK_DEPTH_KEY]: depth + 1 }) };
  };
  function role(agent: Agent, owner: boolean): MemberRole {
    const links = swarmLinks(swarm, agent, owner);
    return {
      mode: owner ? 'owner' : 'caller',
      specs: links.map((l) => l.spec),
      call: (c, s, config, parent) => call(links, c, s, config, parent),
      ...(owner ? {
        state: shared,
        handoff(to: ComponentBase, s: GraphState, messages: readonly BaseMessage[]) {
          const before = s[SWARM_CHANNELS.handoffs] as Handoffs | undefined;
          const since = lastUserMessage(messages);
          const inARow = countHandoff(before && before.since === since ? before.inARow : 0, limit, to);
          const handoffs: Handoffs = { inARow, since, total: (before?.total ?? 0) + 1 };
          return hand(nodes.get(to.id)!, { [CHANNELS.messages]: [...messages], [SWARM_CHANNELS.handoffs]: handoffs });
        },
      } : {}),
    };
  }

  const agents = members.map((agent): SwarmAgentNode => {
    const graph = compileAgentGraph(agent, false, ctx, false, role(agent, true)).graph;
    const name = nodes.get(agent.id)!;
    const ends = [...new Set(swarmLinks(swarm, agent, true).filter((l) => l.kind === 'transfer').map((l) => nodes.get(l.to.id)!))];
    const run = async (s: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
      const group = groupSpan(config, 'Swarm', swarm, inputsOfSwarm(members, s));
      // one AgentExecution span per turn of ownership: the transfers so far name it
      const turn = (s[SWARM_CHANNELS.handoffs] as Handoffs | undefined)?.total ?? 0;
      const out = (await graph.invoke(s, { ...memberConfig(config, group, group ? `${group}/owner:${turn}` : undefined), recursionLimit: agentRecursionLimit(ctx.limits.maxAgentSteps) })) as GraphState;
      const update: GraphUpdate = { [CHANNELS.messages]: out[CHANNELS.messages], [SWARM_CHANNELS.activeAgent]: name, [CHANNELS.done]: out[CHANNELS.done] === true };
      if (out[CHANNELS.done] === true) finishGroup(config, 'Swarm', swarm, group, agent, out, update);
      return update;
    };
    return { agent, name, ends, graph, run };
  });
  return { agents, first: nodes.get(members[0]!.id)!, keys, recursionLimit: Math.max(25, limit + 5) };
}

/**
 * A Swarm as a LangGraph StateGraph, written the way LangGraph users write a
 * swarm (`@langchain/langgraph-swarm`'s shape): a node per agent
 * ({@link swarmParts}), each declaring `ends` (the agents it transfers to);
 * START routes to `activeAgent`, the first agent at first. A text reply of
 * the agent owning the conversation ends the run (the user's turn); the next
 * run (`invoke({ messages })` on the thread) starts at `activeAgent`. Each
 * node's metadata holds its agent's document and the Swarm's (`given`: as
 * written), which the importer reads.
 */
export function compileSwarmGraph(swarm: Swarm, ctx: CompileContext, root = false, given: Component = swarm as unknown as Component): { graph: LangGraph; builder: GraphBuilder } {
  const parts = swarmParts(swarm, ctx);
  const state = Annotation.Root({
    ...parts.keys,
    [SWARM_CHANNELS.activeAgent]: Annotation<string>(),
    [SWARM_CHANNELS.handoffs]: Annotation<Handoffs>(),
    [CHANNELS.messages]: messagesChannel(),
    [CHANNELS.done]: Annotation<boolean>(),
  });
  const builder = new StateGraph(state) as unknown as GraphBuilder;
  for (const a of parts.agents) builder.addNode(a.name, a.run, { ends: [...a.ends], subgraphs: [a.graph], metadata: memberNodeMetadata(a.agent, given) } as never);
  const names = parts.agents.map((a) => a.name);
  builder.addConditionalEdges(START, (s: GraphState) => {
    const active = s[SWARM_CHANNELS.activeAgent];
    return typeof active === 'string' && names.includes(active) ? active : parts.first;
  }, names);
  const checkpointer = root ? ctx.options.checkpointer : undefined;
  const compiled = builder.compile({ name: String(swarm.name), ...(checkpointer !== undefined ? { checkpointer } : {}) });
  return { graph: compiled.withConfig({ recursionLimit: parts.recursionLimit }) as unknown as LangGraph, builder };
}

/** The Swarm's inputs as its span reports them: every member's inputs in the state. */
function inputsOfSwarm(members: readonly Agent[], s: GraphState): Record<string, unknown> {
  return Object.assign({}, ...members.map((a) => inputsIn(a, s))) as Record<string, unknown>;
}
