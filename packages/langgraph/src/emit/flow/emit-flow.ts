import { reachableNodes, type Component, type Flow, type Node } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import { NESTED_STEPS_MESSAGE } from '../../compile/check-component.js';
import { fanOutPartNames, fanOutShape, hasFanOut, type FanOutNames } from '../../compile/flow/fan-out.js';
import { routesOnBranch, transitionsOf, unreachableWarnings } from '../../compile/flow/flow-edges.js';
import { foldedBranchingNodes, FoldedBranching } from '../../compile/flow/folded-branching.js';
import { subgraphsOf } from '../../compile/flow/subgraphs.js';
import { FlowData } from '../../compile/flow/flow-data.js';
import { graphNodeNames } from '../../compile/node-names.js';
import type { CompileWarning } from '../../compile/options.js';
import { commentText, identifier, key, literal, member, ModuleWriter, str, type Names } from '@agentspec/runtime/emit';
import { hasTransforms } from '@agentspec/runtime';
import { ComponentConstants } from './components.js';

interface FlowNames {
  readonly builder: string;
  readonly graph: string;
  readonly state: string;
}

/** The flows of the module, each after the subflows it runs. */
function flowsOf(root: Flow): Flow[] {
  const out: Flow[] = [];
  const visit = (f: Flow): void => {
    if (out.includes(f)) return;
    for (const n of f.nodes) for (const sub of subgraphsOf(n)) if (sub.component_type === 'Flow') visit(sub as Flow);
    out.push(f);
  };
  visit(root);
  return out;
}

/** `recursionLimit`, and `maxConcurrency` where a fan-out's tasks run in the graph's steps. */
function graphConfig(flow: Flow): string {
  return `{ recursionLimit: ctx.maxSteps${hasFanOut(flow) ? ', maxConcurrency: Math.max(2, ctx.parallelism)' : ''} }`;
}

function stateKeys(flow: Flow): string[] {
  const keys: string[] = [];
  for (const p of [...(flow.inputs ?? []), ...(flow.outputs ?? [])]) if (!keys.includes(p.title)) keys.push(p.title);
  return keys;
}

function spec(state: string, k: string): string {
  return `${key(k)}: ${state}.spec${member(k)}`;
}

function annotations(flow: Flow, n: FlowNames): string {
  const named = flow.data_flow_connections === null || flow.data_flow_connections === undefined;
  const root = (entries: readonly string[]) => `Annotation.Root({\n${entries.map((e) => `  ${e},`).join('\n')}\n})`;
  const inputs = (flow.inputs ?? []).map((p) => p.title);
  const outputs = (flow.outputs ?? []).map((p) => p.title);
  return [
    `/** The state of flow ${commentText(str(flow.name))}: its inputs and outputs, the conversation, node inputs in flight, the last branch. */`,
    `const ${n.state}State = ${root([
      ...stateKeys(flow).map((k) => `${key(k)}: Annotation<unknown>()`),
      '...MessagesAnnotation.spec',
      `${CHANNELS.values}: Annotation<Record<string, unknown>>({ reducer: flowNodes.${named ? 'valuesByName' : 'valuesByNode'}, default: () => ({}) })`,
      `${CHANNELS.branch}: Annotation<string>()`,
      ...(hasFanOut(flow) ? [`${CHANNELS.parallel}: Annotation<Record<string, unknown>>({ reducer: flowNodes.parallelRuns, default: () => ({}) })`] : []),
    ])};`,
    `const ${n.state}Input = ${root([...inputs.map((k) => spec(`${n.state}State`, k)), spec(`${n.state}State`, 'messages')])};`,
    `const ${n.state}Output = ${root([...outputs.map((k) => spec(`${n.state}State`, k)), spec(`${n.state}State`, 'messages'), spec(`${n.state}State`, CHANNELS.branch)])};`,
  ].join('\n');
}

function builderFunction(flow: Flow, n: FlowNames, constants: ComponentConstants, flowNames: ReadonlyMap<Flow, FlowNames>, taken: Names): string {
  const stateKeySet = new Set([...stateKeys(flow), CHANNELS.messages, CHANNELS.values, CHANNELS.branch, ...(hasFanOut(flow) ? [CHANNELS.parallel] : [])]);
  const names = graphNodeNames(flow.nodes, stateKeySet);
  const nodeNames = new Set([...names.values(), ...stateKeySet]);
  const transitions = transitionsOf(flow);
  // nodes the StartNode cannot reach are left out, as compileLangGraph leaves them out (warned in emitFlow)
  const reachable = reachableNodes(flow);
  // BranchingNodes that flowNodes.route folds into their predecessors' edges when limits.maxSteps allows (folded-branching.ts)
  const folding = new FoldedBranching(flow, foldedBranchingNodes(flow, transitions, Infinity), new FlowData(flow), transitions);
  const flowConst = constants.names.get(flow) as string;
  const lines: string[] = [];
  const w = (s: string) => lines.push(s);
  w('/**');
  w(` * Flow ${commentText(str(flow.name))} as a StateGraph: one node per Agent Spec node; a plain edge where a node has one`);
  w(' * branch, a conditional edge on the branch it finished on (with a path map) where it has several.');
  if (folding.folded.size > 0) {
    w(' * The edges of a node leading to a BranchingNode run it (flowNodes.route: one step per decision) and go where');
    w(' * it leads, unless limits.maxSteps is below the steps this flow can take: then they go to its node.');
  }
  if (hasFanOut(flow)) w(' * A ParallelFlowNode runs a branch per subflow, a ParallelMapNode a Send per iteration; a join gives their outputs.');
  w(' */');
  w(`function ${n.builder}(ctx: FlowContext) {`);
  const subgraphs = new Map<Component, string>();
  const local = taken.fork();
  for (const node of flow.nodes) {
    for (const sub of subgraphsOf(node)) {
      if (subgraphs.has(sub)) continue;
      const v = local.take(`${identifier(sub.name)}Subgraph`);
      subgraphs.set(sub, v);
      if (sub.component_type === 'Flow') w(`  const ${v} = ${(flowNames.get(sub as Flow) as FlowNames).graph}(ctx); // the subflow ${commentText(str(sub.name))}`);
      else if (sub.component_type === 'A2AAgent') w(`  const ${v} = flowNodes.a2aGraph(${constants.names.get(sub) as string}, ctx); // the exchanges with remote agent ${commentText(str(sub.name))}`);
      else w(`  const ${v} = flowNodes.agentGraph(${constants.names.get(sub) as string}, ctx); // the agent loop of ${commentText(str(sub.name))}`);
    }
  }
  // the fan-outs: their graph nodes' names, and the steps they run
  const fanOuts = new Map<Node, { steps: string; names: FanOutNames; kind: 'branches' | 'sends'; subgraphs: string[] }>();
  for (const node of flow.nodes) {
    const shape = fanOutShape(node);
    if (!shape || !reachable.has(node)) continue;
    const parts = fanOutPartNames(names.get(node) as string, shape, nodeNames);
    const steps = local.take(`${identifier(node.name)}Steps`);
    const subs = shape.subflows.map((f) => subgraphs.get(f) as string);
    fanOuts.set(node, { steps, names: parts, kind: shape.kind, subgraphs: subs });
    w(`  const ${steps} = flowNodes.fanOut(${flowConst}, ${constants.names.get(node) as string}, ctx, ${literal(parts, '  ')}, [${subs.join(', ')}]);`);
  }
  w(`  return new StateGraph({ stateSchema: ${n.state}State, input: ${n.state}Input, output: ${n.state}Output })`);
  for (const node of flow.nodes) {
    if (!reachable.has(node)) continue;
    const fan = fanOuts.get(node);
    if (fan) {
      w(`    .addNode(${str(fan.names.node)}, ${fan.steps}.start)`);
      fan.names.tasks.forEach((t, i) => w(`    .addNode(${str(t)}, ${fan.kind === 'sends' ? `${fan.steps}.iteration` : `${fan.steps}.branch(${i})`}, { subgraphs: [${fan.subgraphs[i] as string}] })`));
      w(`    .addNode(${str(fan.names.join)}, ${fan.steps}.join)`);
      continue;
    }
    const subVar = subgraphsOf(node).map((sub) => subgraphs.get(sub))[0];
    const opts = [
      ...(subVar ? [`subgraphs: [${subVar}]`] : []),
    ];
    const stepCall = `flowNodes.step(${flowConst}, ${constants.names.get(node) as string}, ctx${subVar ? `, ${subVar}` : ''})`;
    w(`    .addNode(${str(names.get(node) as string)}, ${stepCall}${opts.length > 0 ? `, { ${opts.join(', ')} }` : ''})`);
  }
  const name = (x: Node) => str(names.get(x) as string);
  const exit = (x: Node) => str(fanOuts.get(x)?.names.join ?? (names.get(x) as string));
  w(`    .addEdge(START, ${name(flow.start_node)})`);
  for (const node of flow.nodes) {
    if (!reachable.has(node)) continue;
    const fan = fanOuts.get(node);
    if (fan) {
      const tasks = fan.names.tasks.map(str);
      if (fan.kind === 'sends') {
        w(`    .addConditionalEdges(${name(node)}, ${fan.steps}.sends, [${[...tasks, str(fan.names.join)].join(', ')}])`);
        w(`    .addEdge(${tasks[0] as string}, ${str(fan.names.join)})`);
      } else if (tasks.length === 0) {
        w(`    .addEdge(${name(node)}, ${str(fan.names.join)})`);
      } else {
        for (const t of tasks) w(`    .addEdge(${name(node)}, ${t})`);
        w(`    .addEdge([${tasks.join(', ')}], ${str(fan.names.join)})`);
      }
    }
    if (node.component_type === 'EndNode') {
      w(`    .addEdge(${name(node)}, END)`);
      continue;
    }
    const leaving = transitions.get(node);
    if (!leaving || leaving.size === 0) continue;
    if (folding.routesThrough(node)) {
      const ends = [...new Set([...leaving.values(), ...folding.targets(node)])];
      const nameMap = Object.fromEntries([...ends, ...folding.foldedAfter(node)].map((n) => [n.id, names.get(n) as string]));
      w(`    .addConditionalEdges(${exit(node)}, flowNodes.route(${flowConst}, ${constants.names.get(node) as string}, ctx, ${literal(nameMap, '    ')}), [${ends.map(name).join(', ')}])`);
      continue;
    }
    if (!routesOnBranch(node, leaving)) {
      w(`    .addEdge(${exit(node)}, ${name([...leaving.values()][0] as Node)})`);
      continue;
    }
    const pathMap = Object.fromEntries([...leaving].map(([b, to]) => [b, names.get(to) as string]));
    w(`    .addConditionalEdges(${exit(node)}, flowNodes.branch, ${literal(pathMap, '    ')})`);
  }
  lines[lines.length - 1] += ';';
  w('}');
  if (n.graph) {
    w('');
    w(`/** The compiled graph of subflow ${commentText(str(flow.name))}, as the nodes running it invoke it. */`);
    w(`function ${n.graph}(ctx: FlowContext) {`);
    w(`  return ${n.builder}(ctx).compile({ name: ${str(flow.name)} }).withConfig(${graphConfig(flow)});`);
    w('}');
  }
  return lines.join('\n');
}

/** Names a flow's module declares itself: no name made from the spec takes them. */
const DECLARED = ['build', 'BuildOptions', 'BuiltFlow', 'WARNINGS', 'CompileWarning', 'flowNodes', 'FlowContext', 'FlowBuildOptions', 'Annotation', 'StateGraph', 'MessagesAnnotation', 'START', 'END', 'ctx', 'options'];

/** The module of a Flow: its components as constants, a StateGraph builder per flow and subflow, `build()`. */
export function emitFlow(root: Flow): ModuleWriter<never, CompileWarning> {
  const flows = flowsOf(root);
  const w = new ModuleWriter<never, CompileWarning>({}, DECLARED);
  const taken = w.names;
  const flowNames = new Map<Flow, FlowNames>();
  for (const f of flows) {
    const base = identifier(f.name);
    const pascal = taken.take(identifier(f.name, { pascal: true }));
    flowNames.set(f, { builder: taken.take(`${base}Builder`), graph: f === root ? '' : taken.take(`${base}Graph`), state: pascal });
  }
  const constants = new ComponentConstants(root, taken);
  const warnings = w.warnings;
  if (flows.length > 1 || root.nodes.some((n) => n.component_type === 'AgentNode')) {
    warnings.push({ kind: 'approximated', component: root.id, message: NESTED_STEPS_MESSAGE });
  }
  for (const f of flows) warnings.push(...unreachableWarnings(f, reachableNodes(f)));
  w.import('@langchain/langgraph', 'Annotation', 'END', 'MessagesAnnotation', 'START', 'StateGraph');
  w.importType('@agentspec/core', ...constants.types);
  w.import('@agentspec/langgraph', 'flowNodes', 'type FlowBuildOptions', 'type FlowContext', ...(warnings.length > 0 ? ['type CompileWarning'] : []));
  w.section([
    '/**',
    ' * ServerTool implementations (`tools`), where the LLM is (`llm`), the checkpointer (needed to pause:',
    ' * InputMessageNodes, ClientTools and confirmations wait with interrupt()), `limits` and `network`.',
    ' */',
    'export type BuildOptions = FlowBuildOptions;',
  ].join('\n'));
  w.section(['// The spec\'s components: what the node steps read (prompts, tools, LLM configs, data edges).', ...constants.order.map((c) => constants.declaration(c))].join('\n\n'));
  for (const f of flows) {
    const n = flowNames.get(f) as FlowNames;
    w.section(annotations(f, n));
    w.section(builderFunction(f, n, constants, flowNames, taken));
  }
  const r = flowNames.get(root) as FlowNames;
  if (warnings.length > 0) {
    w.section(`/** Where the graph does not do exactly what the spec says. */\nconst WARNINGS: readonly CompileWarning[] = ${literal(warnings)};`);
  }
  w.section([
    `/** Build the graph of flow ${commentText(str(root.name))}. Pass a checkpointer to pause and resume (interrupts). */`,
    'export function build(options: BuildOptions = {}) {',
    `  const ctx = flowNodes.context(options${hasTransforms(root) ? `, ${constants.names.get(root) as string}` : ''});`,
    `  const builder = ${r.builder}(ctx);`,
    '  const checkpointer = options.checkpointer;',
    `  const graph = builder.compile({ name: ${str(root.name)}, ...(checkpointer !== undefined ? { checkpointer } : {}) }).withConfig(${graphConfig(root)});`,
    `  return { graph, builder, warnings: ${warnings.length > 0 ? 'WARNINGS' : '[]'}, close: () => ctx.close() };`,
    '}',
  ].join('\n'));
  return w;
}
