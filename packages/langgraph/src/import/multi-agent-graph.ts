/**
 * LangGraph multi-agent graphs as Agent Spec (DESIGN §5), written the way
 * LangGraph's guides and packages write them:
 * - a swarm — prebuilt agents as nodes, handing the conversation to one
 *   another with handoff tools (`Command({ goto, graph: Command.PARENT })`),
 *   by hand or with `createSwarm` / `createHandoffTool` of
 *   `@langchain/langgraph-swarm` — is a Swarm (handoff `always`);
 * - a supervisor — an agent node whose handoff tools go to worker nodes
 *   that come back to it, by hand or with `createSupervisor` of
 *   `@langchain/langgraph-supervisor` — is a ManagerWorkers.
 * Each agent is read as a createReactAgent graph is (prebuilt-agent.ts); its
 * handoff tools are the group's, not its own. Nothing is run but the agents'
 * model nodes, probed (agent-probe.ts); what the spec does otherwise is a
 * coded warning.
 */
import type { Doc, DocumentBuilder } from './document.js';
import { ref } from './document.js';
import { END_KEY, graphOf, isGraph, START_KEY, type Breakpoints, type NodeSpecLike, type StateGraphLike } from './graph-shape.js';
import { handoffOf, ownDescription, type Handoff } from './handoff-tools.js';
import type { ImportContext } from './import-context.js';
import { closureValue } from '@agentspec/runtime/import';
import { isReactAgentGraph, reactAgentGraphDocument, reactAgentGraphTools } from './prebuilt-agent.js';
import { functionOf, scanSource } from './source-scan.js';

interface Member {
  readonly node: string;
  readonly builder: StateGraphLike;
  readonly breakpoints: Breakpoints;
  readonly handoffs: readonly Handoff[];
}

/** The prebuilt agent a node runs: the node's graph, or the subgraph its function invokes (createSupervisor's workers). */
function agentGraphOf(spec: NodeSpecLike): { builder: StateGraphLike; breakpoints: Breakpoints } | undefined {
  for (const candidate of [spec.runnable, ...(spec.subgraphs ?? [])]) {
    const g = isGraph(candidate) ? graphOf(candidate) : undefined;
    if (g && isReactAgentGraph(g.builder)) return g;
  }
  return undefined;
}

/** The nodes of a graph that are all prebuilt agents, with their handoff tools; undefined when it is not a multi-agent graph. */
async function membersOf(b: StateGraphLike): Promise<Member[] | undefined> {
  const nodes = Object.keys(b.nodes);
  if (nodes.length < 2) return undefined;
  const members: Member[] = [];
  for (const node of nodes) {
    const g = agentGraphOf(b.nodes[node]!);
    if (!g) return undefined;
    const handoffs: Handoff[] = [];
    for (const t of reactAgentGraphTools(g.builder)) {
      const h = await handoffOf(t, nodes);
      if (h) handoffs.push(h);
    }
    members.push({ node, builder: g.builder, breakpoints: g.breakpoints, handoffs });
  }
  return members.some((m) => m.handoffs.length > 0) ? members : undefined;
}

/** The supervisor of the graph: the node START goes to, every other node's edge back to it, the only one handing off. */
function supervisorOf(b: StateGraphLike, members: readonly Member[]): Member | undefined {
  const edges = [...b.edges];
  const first = edges.find(([from]) => from === START_KEY)?.[1];
  const s = members.find((m) => m.node === first);
  if (!s || s.handoffs.length === 0) return undefined;
  const others = members.filter((m) => m !== s);
  return others.every((m) => m.handoffs.length === 0 && edges.some(([from, to]) => from === m.node && to === s.node)) ? s : undefined;
}

/** Where a swarm starts: START's edge, else its router's default agent (`createSwarm`'s `defaultActiveAgent`), else the first agent its source names. */
async function entryOf(b: StateGraphLike, members: readonly Member[]): Promise<{ node: string; activeAgent: boolean }> {
  const names = members.map((m) => m.node);
  const edge = [...b.edges].find(([from, to]) => from === START_KEY && names.includes(to));
  if (edge) return { node: edge[1], activeAgent: false };
  const branch = Object.values(b.branches[START_KEY] ?? {})[0];
  if (branch) {
    const route = functionOf(branch.path);
    const facts = scanSource(branch.path);
    const activeAgent = /\bactiveAgent\b/.test(facts.text ?? '');
    const held = await closureValue(route, 'defaultActiveAgent');
    const node = (typeof held === 'string' && names.includes(held) ? held : undefined) ?? facts.literals.find((l) => names.includes(l)) ?? names[0]!;
    return { node, activeAgent };
  }
  return { node: names[0]!, activeAgent: false };
}

/** An agent's document: the prebuilt agent without its handoff tools, described as the handoff tools to it describe it. */
async function memberDocument(m: Member, all: readonly Member[], ctx: ImportContext): Promise<Doc> {
  const handoffTools = new Set(m.handoffs.map((h) => h.tool as unknown));
  const doc = await reactAgentGraphDocument(m.builder, m.node, m.breakpoints, ctx, (t) => !handoffTools.has(t));
  const description = all.flatMap((o) => o.handoffs).filter((h) => h.to === m.node).map((h) => ownDescription(h.tool)).find((d) => d !== undefined);
  return description ? { ...doc, description } : doc;
}

/**
 * The Swarm or ManagerWorkers of a LangGraph multi-agent graph; undefined
 * when the graph is not one (its nodes are not all prebuilt agents, or none
 * hands off).
 */
export async function multiAgentDocument(b: StateGraphLike, name: string, docs: DocumentBuilder, ctx: ImportContext): Promise<Doc | undefined> {
  const members = await membersOf(b);
  if (!members) return undefined;
  const supervisor = supervisorOf(b, members);
  return supervisor ? managerWorkersDocument(b, supervisor, members, name, docs, ctx) : swarmDocument(b, members, name, docs, ctx);
}

async function swarmDocument(b: StateGraphLike, members: readonly Member[], name: string, docs: DocumentBuilder, ctx: ImportContext): Promise<Doc> {
  const entry = await entryOf(b, members);
  const ids = new Map<string, string>();
  for (const m of members) ids.set(m.node, (docs.node(await memberDocument(m, members, ctx)).$component_ref as string));
  const relationships: Doc[][] = [];
  const reached = new Set([entry.node]);
  for (const m of members) {
    for (const h of m.handoffs) {
      if (h.to === undefined) {
        ctx.warn('LG_HANDOFF_TARGET_UNKNOWN', h.tool.name, `handoff tool '${h.tool.name}' of '${m.node}' goes to an agent its source, name and metadata do not name: it is left out`);
        continue;
      }
      const expected = `transfer_to_${h.to.replace(/[^a-zA-Z0-9]/g, '_')}`;
      ctx.warn('LG_HANDOFF_TOOL', h.tool.name, `handoff tool '${h.tool.name}' of '${m.node}' is the Swarm's transfer to '${h.to}'${h.tool.name === expected ? '' : `, named '${expected}'`}: its description and its result ({"assistant":"${h.to}"}) are the spec's, and what its Command updates besides the conversation is left out`);
      if (h.to === m.node || relationships.some(([c, r]) => c!.$component_ref === ids.get(m.node) && r!.$component_ref === ids.get(h.to!))) continue;
      relationships.push([ref(ids.get(m.node)!), ref(ids.get(h.to)!)]);
      reached.add(h.to);
    }
  }
  for (const m of members) {
    if (!reached.has(m.node)) ctx.warn('LG_AGENT_UNREACHABLE', m.node, `agent '${m.node}' is not the first agent and no agent hands off to it: the Swarm leaves it out`);
  }
  if (!entry.activeAgent) {
    ctx.warn('LG_SWARM_ENTRY', START_KEY, `the graph starts every run at '${entry.node}': in the Swarm, the next turn of the conversation starts at the agent it was handed over to (route START on activeAgent, as createSwarm does, to do the same)`);
  }
  extraState(b, ['messages', 'activeAgent', 'structuredResponse'], name, ctx);
  docs.need('26.1.0');
  return { component_type: 'Swarm', id: ctx.id(name), name, first_agent: ref(ids.get(entry.node)!), relationships, handoff: 'always' };
}

async function managerWorkersDocument(b: StateGraphLike, supervisor: Member, members: readonly Member[], name: string, docs: DocumentBuilder, ctx: ImportContext): Promise<Doc> {
  const manager = docs.node(await memberDocument(supervisor, members, ctx));
  const workers: Doc[] = [];
  for (const m of members) if (m !== supervisor) workers.push(docs.node(await memberDocument(m, members, ctx)));
  const unknown = supervisor.handoffs.filter((h) => h.to === undefined);
  for (const h of unknown) ctx.warn('LG_HANDOFF_TARGET_UNKNOWN', h.tool.name, `handoff tool '${h.tool.name}' of '${supervisor.node}' goes to an agent its source, name and metadata do not name: it is left out`);
  const tools = supervisor.handoffs.filter((h) => h.to !== undefined).map((h) => `'${h.tool.name}'`).join(', ');
  ctx.warn('LG_SUPERVISOR_HANDOFF', supervisor.node, `the handoff tools of supervisor '${supervisor.node}' (${tools}) are the ManagerWorkers' worker tools, named after the workers and taking a message: a worker answers that message in a conversation of its own (not the supervisor's whole conversation), and its answer is the call's result (no handoff messages)`);
  extraState(b, ['messages', 'structuredResponse'], name, ctx);
  docs.need('25.4.2');
  return { component_type: 'ManagerWorkers', id: ctx.id(name), name, group_manager: manager, workers };
}

/** State keys of the graph other than the conversation: left out of the group, with a warning. */
function extraState(b: StateGraphLike, known: readonly string[], name: string, ctx: ImportContext): void {
  for (const key of Object.keys(b.channels)) {
    if (key.startsWith('__') || known.includes(key) || key === END_KEY) continue;
    ctx.warn('LG_GROUP_STATE', key, `state key '${key}' of '${name}' is left out: the agents of a Swarm or ManagerWorkers share the conversation only`);
  }
}
