import { branchingNode, flowNode, mapNode, serverTool, toolNode, type Flow, type Property } from '@agentspec/core';
import { evaluatePredicate } from '@mastra/core/workflows';
import type { Warnings } from '../warnings.js';
import type { Condition, ImportEntry, StepInfo } from './entries.js';
import { FlowBuilder, Ids, type Cursor, type Node } from './flow-builder.js';
import { propertiesOf } from './schemas.js';

type Json = Record<string, unknown>;
export type ImportedTools = Record<string, (args: Record<string, unknown>) => unknown>;

interface Scope {
  readonly b: FlowBuilder;
  readonly ids: Ids;
  readonly warnings: Warnings;
  readonly tools: ImportedTools;
}

/**
 * A Mastra workflow's step graph as a Flow (DESIGN §5): each step a ToolNode
 * backed by a ServerTool named after the step (its schemas as inputs and
 * outputs), `.then` a control edge and data edges by property name (Mastra
 * passes a step's output to the next step), `.branch` a BranchingNode (a
 * router ToolNode first when the conditions are functions), loops cycles,
 * nested workflows FlowNodes, `.foreach` MapNodes.
 */
export function importEntries(meta: { id: string; name: string; description?: string; input?: Json; output?: Json }, entries: readonly ImportEntry[], warnings: Warnings, tools: ImportedTools, ids = new Ids()): Flow {
  const s: Scope = { b: new FlowBuilder(warnings, ids), ids, warnings, tools };
  let cursor = s.b.start(propertiesOf(meta.input, 'input'));
  for (const e of entries) cursor = add(s, e, cursor);
  const outputs = meta.output ? propertiesOf(meta.output, 'output') : [...(cursor.producers[0]?.outputs ?? [])];
  return s.b.finish(cursor, meta, outputs);
}

function add(s: Scope, e: ImportEntry, cursor: Cursor): Cursor {
  switch (e.kind) {
    case 'step': return place(s, stepNode(s, e.step), cursor);
    case 'workflow': {
      const id = s.b.id(e.id);
      const subflow = importEntries({ id: `${e.id}_flow`, name: e.id, ...(e.description ? { description: e.description } : {}), ...(e.input ? { input: e.input } : {}), ...(e.output ? { output: e.output } : {}) }, e.entries, s.warnings, s.tools, s.ids);
      return place(s, flowNode({ id, name: e.id, subflow }), cursor);
    }
    case 'branch': return branch(s, e, cursor);
    case 'loop': return loop(s, e, cursor);
    case 'foreach': {
      const body = e.body.kind === 'step' ? e.body.step : undefined;
      const id = s.b.id(e.id);
      const subflow = importEntries({ id: `${e.id}_each`, name: `each item of ${e.id}`, ...(body?.input ? { input: body.input } : {}), ...(body?.output ? { output: body.output } : {}) }, [e.body], s.warnings, s.tools, s.ids);
      const node = s.b.add(mapNode({ id, name: e.id, subflow }));
      s.b.link(cursor, node);
      s.b.feed(cursor.producers, node, node.inputs ?? [], (title) => title.replace(/^iterated_/, ''));
      s.warnings.add('approximated', e.id, '.foreach gives each array item to the step; the MapNode iterates over lists per input and collects one list per output');
      return { tails: [{ node, branch: 'next' }], producers: [{ node, outputs: node.outputs ?? [] }] };
    }
    case 'parallel': {
      s.warnings.add('approximated', e.id, '.parallel steps run one after another (Agent Spec has no parallel branches)');
      return e.steps.reduce((c, step) => add(s, step, c), cursor);
    }
    case 'other':
      s.warnings.add('unsupported', e.id, `a .${e.type}() entry has no Agent Spec equivalent and is left out`);
      return cursor;
  }
}

/** Control and data edges into a new node; it becomes the cursor. */
function place(s: Scope, node: Node, cursor: Cursor): Cursor {
  s.b.add(node);
  s.b.link(cursor, node);
  s.b.feed(cursor.producers, node);
  return { tails: [{ node, branch: 'next' }], producers: [{ node, outputs: node.outputs ?? [] }] };
}

function stepNode(s: Scope, step: StepInfo): Node {
  const inputs = propertiesOf(step.input, 'input');
  const outputs = propertiesOf(step.output, 'output');
  const objectInput = step.input?.type === 'object';
  const tool = serverTool({ id: s.ids.take(`${step.id}_tool`), name: step.id, ...(step.description ? { description: step.description } : {}), inputs, outputs });
  const run = step.run;
  if (run) s.tools[step.id] = (args) => run(objectInput || inputs.length !== 1 ? args : args[(inputs[0] as Property).title]);
  return toolNode({ id: s.b.id(step.id), name: step.id, tool, inputs, outputs });
}

/** `path` when a predicate is `inputData.<path> == literal` (either side). */
function equality(p: Json | undefined): { path: string; value: unknown } | undefined {
  if (p?.op !== 'eq') return undefined;
  const sides = [p.left, p.right] as ({ path?: string; literal?: unknown } | undefined)[];
  const path = sides.find((x) => typeof x?.path === 'string')?.path;
  const lit = sides.find((x) => x && 'literal' in x);
  if (!path?.startsWith('inputData.') || !lit) return undefined;
  return { path: path.slice('inputData.'.length), value: lit.literal };
}

/** A BranchingNode choosing among `names` — on a predicate's field, or on a router tool's answer. */
function chooser(s: Scope, id: string, conditions: readonly Condition[], names: readonly string[], fallback: string, cursor: Cursor): { node: Node; cursor: Cursor } {
  const eqs = conditions.map((c) => equality(c.predicate));
  const field = eqs[0]?.path;
  if (field && !field.includes('.') && eqs.every((q) => q?.path === field)) {
    const mapping = Object.fromEntries(eqs.map((q, j) => [typeof q?.value === 'string' ? q.value : JSON.stringify(q?.value), names[j] as string]));
    const node = s.b.add(branchingNode({ id: s.b.id(id), name: id, inputs: [{ title: field }], mapping }));
    s.b.link(cursor, node);
    s.b.feed(cursor.producers, node);
    return { node, cursor: { tails: [{ node, branch: 'default' }], producers: cursor.producers } };
  }
  s.warnings.add('approximated', id, 'its conditions are functions: a router ToolNode (a ServerTool named after the entry) computes the branch, then a BranchingNode follows it; Mastra runs every arm whose condition holds, Agent Spec the first');
  const inputs = [...new Map(cursor.producers.flatMap((p) => p.outputs).map((o) => [o.title, o])).values()];
  const routerName = `${id}_router`;
  const router = s.b.add(toolNode({
    id: s.b.id(routerName), name: routerName, inputs,
    tool: serverTool({ id: s.ids.take(`${routerName}_tool`), name: routerName, description: `which branch of '${id}' runs`, inputs, outputs: [{ title: 'branch', type: 'string' }] }),
    outputs: [{ title: 'branch', type: 'string' }],
  }));
  s.b.link(cursor, router);
  s.b.feed(cursor.producers, router);
  if (conditions.every((c) => c.fn || c.predicate)) {
    s.tools[routerName] = async (args) => {
      for (const [j, c] of conditions.entries()) {
        const holds = c.predicate ? evaluatePredicate(c.predicate as never, { inputData: args }) : await c.fn?.({ inputData: args, getStepResult: () => undefined, getInitData: () => args });
        if (holds) return names[j];
      }
      return fallback;
    };
  }
  const node = s.b.add(branchingNode({ id: s.b.id(id), name: id, inputs: [{ title: 'branch', type: 'string' }], mapping: Object.fromEntries(names.map((n) => [n, n])) }));
  s.b.link({ tails: [{ node: router, branch: 'next' }], producers: [] }, node);
  s.b.feed([{ node: router, outputs: router.outputs ?? [] }], node);
  return { node, cursor: { tails: [{ node, branch: 'default' }], producers: cursor.producers } };
}

function armName(body: ImportEntry, j: number): string {
  return body.kind === 'step' ? body.step.id : body.kind === 'workflow' ? body.id : `arm_${j}`;
}

function branch(s: Scope, e: Extract<ImportEntry, { kind: 'branch' }>, cursor: Cursor): Cursor {
  const names = e.arms.map((a, j) => armName(a.body, j));
  const { node, cursor: skip } = chooser(s, e.id, e.arms.map((a) => a.condition), names, 'default', cursor);
  const results = e.arms.map((a, j) => add(s, a.body, { tails: [{ node, branch: names[j] as string }], producers: cursor.producers }));
  if (e.arms.length > 0) s.warnings.add('approximated', e.id, 'the arms\' outputs reach the next step by name (Mastra nests them under the arm\'s step id)');
  return { tails: [...results.flatMap((r) => r.tails), ...skip.tails], producers: [...results.flatMap((r) => r.producers), ...cursor.producers] };
}

function loop(s: Scope, e: Extract<ImportEntry, { kind: 'loop' }>, cursor: Cursor): Cursor {
  const first = s.b.nodes.length;
  const after = add(s, e.body, cursor);
  const head = s.b.nodes[first];
  if (!head) return after;
  // dountil: the condition holding ends the loop; dowhile: it goes round again
  const until = e.loopType === 'dountil';
  const holds = until ? 'exit' : 'again';
  const { node } = chooser(s, `${e.id}_check`, [e.condition], [holds], until ? 'again' : 'exit', after);
  s.b.link({ tails: [{ node, branch: until ? 'default' : 'again' }], producers: [] }, head);
  s.b.feed(after.producers, head);
  return { tails: [{ node, branch: until ? 'exit' : 'default' }], producers: after.producers };
}
