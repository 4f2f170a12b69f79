import { buildLater, serverTool, toolNode, type Property } from '@agentspec/core';
import { after, FlowBuilder, type Cursor, type Node, type Producer } from '../flow-builder.js';
import type { Condition, EntryOf, ImportEntry } from '../import-entry.js';
import { optional } from '../schemas.js';
import { addEntry } from './add-entry.js';
import { joinArms } from './place.js';
import { chooser, conditionContext } from './router.js';
import { producedProperties, toolName, type Scope } from './scope.js';

interface GuardedArm {
  readonly id: string;
  readonly subflow: ReturnType<FlowBuilder['finish']>;
  /** The arm's outputs as the subflow gives them: `<arm>.<output>`, null when the arm did not run. */
  readonly fields: readonly Property[];
  /** The arm's outputs (unprefixed), and its one whole value if it has one. */
  readonly outputs: readonly Property[];
  readonly whole?: string;
}

/**
 * One arm of a `.branch()` as a subflow: a StartNode with the outputs before
 * the branch, a router ToolNode running the arm's condition and a
 * BranchingNode (`run` when it holds), the arm's step, an EndNode giving the
 * step's outputs as `<arm>.<output>` — null when the condition did not hold.
 */
function guardedArm(s: Scope, body: ImportEntry, condition: Condition, id: string, before: Cursor): GuardedArm {
  const b = new FlowBuilder(s.warnings, s.ids);
  const only = before.producers.length === 1 ? before.producers[0] : undefined;
  const start = b.start(producedProperties(before.producers), only?.whole !== undefined);
  const inner: Scope = { ...s, b, start, byStep: s.byStep };
  const guard = chooser(inner, `${id}_condition`, [condition], ['run'], after(start), { quiet: true });
  const ran = addEntry(inner, body, { tails: [{ node: guard, branch: 'run' }], producers: [start] }, undefined);
  const last = ran.producers[0] as Producer;
  const fields = last.outputs.map((o) => optional({ ...o, title: `${id}.${o.title}` }));
  const subflow = b.finish({ tails: [...ran.tails, { node: guard, branch: 'default' }], producers: [] }, { id: `${id}_branch`, name: id }, fields, (end) => {
    for (const o of last.outputs) b.wire(last.node, o.title, end, `${id}.${o.title}`);
  });
  return { id, subflow, fields, outputs: last.outputs, ...(last.whole ? { whole: last.whole } : {}) };
}

/**
 * `.branch([[condition, step], …])` whose conditions can hold together
 * (functions; predicates other than one field's distinct values): Mastra runs
 * every arm whose condition holds, at once — a ParallelFlowNode with one
 * subflow per arm, each guarded by its condition ({@link guardedArm}). Then a
 * ToolNode `<branch>_outputs` gives what Mastra gives the next step: each arm
 * that ran under its step id (`{ reserve: { … } }`), and for steps that read
 * the arms' outputs by name, those of the first arm that ran (MA_BRANCH_OUTPUT
 * when arms share an output name: Mastra keeps both under their ids).
 */
export function everyArmEntry(s: Scope, e: EntryOf<'branch'>, cursor: Cursor, names: readonly string[]): Cursor {
  const c = joinArms(s, cursor, []);
  const arms = e.arms.map((a, j) => guardedArm(s, a.body, a.condition, names[j] as string, c));
  conditionContext(s, e.id, e.arms.map((a) => a.condition), false);
  s.warnings.add('MA_BRANCH_FUNCTION', e.id, `its conditions are functions: each arm is a subflow of the ParallelFlowNode '${e.id}' whose router ToolNode runs its condition, so every arm whose condition holds runs (as in Mastra)`);
  const node = buildLater('ParallelFlowNode', { id: s.b.id(e.id), name: e.id, subflows: arms.map((a) => a.subflow) }) as unknown as Node;
  s.b.add(node);
  s.b.link(c, node);
  s.b.feed(c.producers, node);
  // what the next step gets: the arms under their ids, and their outputs by name (the first arm that ran)
  const byName = new Map<string, Property>();
  for (const a of arms) for (const o of a.outputs) if (!byName.has(o.title)) byName.set(o.title, optional(o));
  const shared = arms.flatMap((a) => a.outputs.map((o) => o.title)).filter((t, i, all) => all.indexOf(t) !== i);
  if (shared.length > 0) s.warnings.add('MA_BRANCH_OUTPUT', e.id, `more than one arm gives ${[...new Set(shared)].map((t) => `'${t}'`).join(', ')}: by name the next step gets the first arm's that ran (Mastra gives each under its step id, which the next step also gets)`);
  const inputs = arms.flatMap((a) => a.fields);
  const packed: Property[] = arms.map((a) => optional(a.whole
    ? { ...(a.outputs[0] as Property), title: a.id }
    : { title: a.id, type: 'object', properties: Object.fromEntries(a.outputs.map(({ title, ...schema }) => [title, schema])) } as Property));
  const outputs = [...packed, ...[...byName.values()].filter((p) => !arms.some((a) => a.id === p.title))];
  const name = toolName(s, `${e.id}_outputs`);
  const join = s.b.add(toolNode({
    id: s.b.id(name), name, inputs, outputs,
    tool: serverTool({ id: s.ids.take(`${name}_tool`), name, description: `the outputs of the arms of '${e.id}' that ran: under each step id, as Mastra gives them, and by name`, inputs, outputs }),
  }));
  s.tools[name] = (args) => {
    const out: Record<string, unknown> = {};
    for (const a of arms) {
      const values = Object.fromEntries(a.outputs.map((o) => [o.title, args[`${a.id}.${o.title}`]]).filter(([, v]) => v !== undefined && v !== null));
      if (Object.keys(values).length === 0) continue;
      out[a.id] = a.whole ? values[a.whole] : values;
      for (const [k, v] of Object.entries(values)) if (!(k in out)) out[k] = v;
    }
    return out;
  };
  s.b.link({ tails: [{ node, branch: 'next' }] }, join);
  for (const a of arms) for (const f of a.fields) s.b.wire(node, f.title, join, f.title);
  const producer: Producer = { node: join, outputs };
  for (const a of arms) s.byStep.set(a.id, { node: join, outputs: [packed[arms.indexOf(a)] as Property], whole: a.id });
  return { tails: [{ node: join, branch: 'next' }], producers: [producer, ...c.producers] };
}
