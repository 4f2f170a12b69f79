import { laterComponent, type Component, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { hasTransforms, managerWorkers, memberAgent, swarmAgents, swarmLinks } from '@agentspec/runtime';
import { commentText, key, literal, member, ModuleWriter, str } from '@agentspec/runtime/emit';
import { CHANNELS } from '../../constants.js';
import { memberKeys } from '../../compile/multi-agent/member-graphs.js';
import { managerNodeName } from '../../compile/multi-agent/manager-workers-graph.js';
import { SWARM_CHANNELS, swarmNodeNames } from '../../compile/multi-agent/swarm-graph.js';
import type { CompileWarning } from '../../compile/options.js';
import { ComponentConstants } from '../flow/components.js';

/** Names a multi-agent module declares itself: no name made from the spec takes them. */
const DECLARED = ['build', 'BuildOptions', 'State', 'handOver', 'multiAgentNodes', 'FlowBuildOptions', 'Annotation', 'Command', 'StateGraph', 'MessagesAnnotation', 'START', 'ctx', 'options', 'swarm', 'manager'];

/** The state keys of a group's members (inputs and outputs) and of the group's outputs, as annotations. */
function keyAnnotations(keys: readonly string[]): string[] {
  return keys.map((k) => `${key(k)}: Annotation<unknown>()`);
}

function stateSection(what: string, entries: readonly string[]): string {
  return [`/** ${what} */`, `const State = Annotation.Root({\n${entries.map((e) => `  ${e},`).join('\n')}\n});`].join('\n');
}

function header(w: ModuleWriter<never, CompileWarning>, constants: ComponentConstants): void {
  w.import('@langchain/langgraph', 'Annotation', 'MessagesAnnotation', 'START', 'StateGraph');
  w.importType('@agentspec/core', ...constants.types);
  w.import('@agentspec/langgraph', 'multiAgentNodes', 'type FlowBuildOptions');
  w.section([
    '/**',
    ' * ServerTool implementations (`tools`), where the LLM is (`llm`), the checkpointer (the session\'s turns, and',
    ' * ClientTools and confirmations, which wait with interrupt()), `limits` (`maxHandoffs` among them) and `network`.',
    ' */',
    'export type BuildOptions = FlowBuildOptions;',
  ].join('\n'));
  w.section(['// The spec\'s components: what the agents\' graphs read (prompts, tools, LLM configs, the group\'s members).', ...constants.order.map((c) => constants.declaration(c))].join('\n\n'));
}

/**
 * The module of a Swarm (SpecializedAgents merged already): its components
 * as constants, the swarm graph written out — state with `activeAgent`, the
 * handoff as `Command({ graph: Command.PARENT, goto })`, a node per agent
 * with its `ends`, START routed to `activeAgent` — and `build()`; the agents'
 * graphs and node bodies from `multiAgentNodes.swarm`.
 */
export function emitSwarm(swarm: Swarm): ModuleWriter<never, CompileWarning> {
  const w = new ModuleWriter<never, CompileWarning>({}, DECLARED);
  const constants = new ComponentConstants(swarm as unknown as Component, w.names);
  const members = swarmAgents(swarm).map((a) => memberAgent(a as Component, swarm, 'agent'));
  const nodes = swarmNodeNames(swarm);
  header(w, constants);
  w.import('@langchain/langgraph', 'Command');
  w.section(stateSection('The swarm\'s state: the conversation, the agent owning it (where the next turn starts), the handoffs in a row, whether an agent finished it, a key per input and output of its agents.', [
    '...MessagesAnnotation.spec',
    `${SWARM_CHANNELS.activeAgent}: Annotation<string>()`,
    `${SWARM_CHANNELS.handoffs}: Annotation<unknown>()`,
    `${CHANNELS.done}: Annotation<boolean>()`,
    ...keyAnnotations(Object.keys(memberKeys(members, swarm.outputs))),
  ]));
  w.section([
    '/**',
    ' * A transfer_to_<agent> call: the agent\'s graph goes to that agent\'s node in the swarm graph (its parent), with the',
    ' * conversation; that agent is the active agent from then on.',
    ' */',
    'function handOver(agent: string, update: Readonly<Record<string, unknown>>): Command {',
    `  return new Command({ graph: Command.PARENT, goto: agent, update: { ...update, ${SWARM_CHANNELS.activeAgent}: agent } });`,
    '}',
  ].join('\n'));
  const first = nodes.get(members[0]!.id)!;
  const names = members.map((a) => nodes.get(a.id)!);
  const lines = [
    `/** Build the graph of Swarm ${commentText(str(swarm.name))}. Pass a checkpointer to keep the conversation between turns (and to pause). */`,
    'export function build(options: BuildOptions = {}) {',
    `  const ctx = multiAgentNodes.context(options${hasTransforms(swarm as unknown as Component) ? `, ${constants.names.get(swarm as unknown as Component) as string}` : ''});`,
    `  const swarm = multiAgentNodes.swarm(${constants.names.get(swarm as unknown as Component) as string}, ctx, handOver);`,
    '  const builder = new StateGraph(State)',
  ];
  for (const a of members) {
    const name = nodes.get(a.id)!;
    const ends = [...new Set(swarmLinks(swarm, a, true).filter((l) => l.kind === 'transfer').map((l) => nodes.get(l.to.id)!))];
    const agent = `swarm.agents${member(name)}`;
    lines.push(`    .addNode(${str(name)}, ${agent}.run, { ${ends.length > 0 ? `ends: ${literal(ends)}, ` : ''}subgraphs: [${agent}.graph] })`);
  }
  lines.push(`    .addConditionalEdges(START, (state) => state.${SWARM_CHANNELS.activeAgent} ?? ${str(first)}, ${literal(names)});`);
  lines.push(
    '  const checkpointer = options.checkpointer;',
    `  const graph = builder.compile({ name: ${str(swarm.name)}, ...(checkpointer !== undefined ? { checkpointer } : {}) }).withConfig({ recursionLimit: swarm.recursionLimit });`,
    '  return { graph, builder, warnings: [], close: () => ctx.close() };',
    '}',
  );
  w.section(lines.join('\n'));
  return w;
}

/**
 * The module of a ManagerWorkers (SpecializedAgents merged already): its
 * components as constants, the supervisor graph written out (one node, the
 * manager's, invoking the workers' graphs through its worker tools) and
 * `build()`; the manager's graph and node body from `multiAgentNodes.manager`.
 */
export function emitManagerWorkers(mw: ManagerWorkers): ModuleWriter<never, CompileWarning> {
  const w = new ModuleWriter<never, CompileWarning>({}, DECLARED);
  const constants = new ComponentConstants(mw as unknown as Component, w.names);
  const members = [memberAgent(mw.group_manager as Component, mw, 'group manager'), ...managerWorkers(mw).map((x) => memberAgent(x as Component, mw, 'worker'))];
  const name = managerNodeName(mw);
  header(w, constants);
  w.section(stateSection('The group\'s state: the conversation, whether the manager finished it, a key per input and output of its agents.', [
    '...MessagesAnnotation.spec',
    `${CHANNELS.done}: Annotation<boolean>()`,
    ...keyAnnotations(Object.keys(memberKeys(members, mw.outputs))),
  ]));
  w.section([
    `/** Build the supervisor graph of ManagerWorkers ${commentText(str(mw.name))}. Pass a checkpointer to keep the conversation between turns (and to pause). */`,
    'export function build(options: BuildOptions = {}) {',
    `  const ctx = multiAgentNodes.context(options${hasTransforms(mw as unknown as Component) ? `, ${constants.names.get(mw as unknown as Component) as string}` : ''});`,
    `  // the manager's graph: its worker tools invoke the workers' graphs, each on a conversation of its own`,
    `  const manager = multiAgentNodes.manager(${constants.names.get(mw as unknown as Component) as string}, ctx);`,
    '  const builder = new StateGraph(State)',
    `    .addNode(${str(name)}, manager.run, { subgraphs: [manager.graph, ...manager.workers] })`,
    `    .addEdge(START, ${str(name)});`,
    '  const checkpointer = options.checkpointer;',
    `  const graph = builder.compile({ name: ${str(mw.name)}, ...(checkpointer !== undefined ? { checkpointer } : {}) });`,
    '  return { graph, builder, warnings: [], close: () => ctx.close() };',
    '}',
  ].join('\n'));
  return w;
}

/** The module of a Swarm or ManagerWorkers root; undefined for other roots. */
export function emitMultiAgent(root: Component): ModuleWriter<never, CompileWarning> | undefined {
  const swarm = laterComponent(root, 'Swarm');
  if (swarm) return emitSwarm(swarm);
  const mw = laterComponent(root, 'ManagerWorkers');
  return mw ? emitManagerWorkers(mw) : undefined;
}
