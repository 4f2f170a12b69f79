import { buildLater, type Flow, type Property } from '@agentspec/core';
import { after, FlowBuilder, type Cursor, type Node, type Producer } from '../flow-builder.js';
import { outputShape, propertiesOf } from '../schemas.js';
import type { EntryOf, ImportEntry } from '../import-entry.js';
import { addEntry, consumes } from './add-entry.js';
import { armName } from './branch-entry.js';
import { joinArms } from './place.js';
import { producedProperties, type Scope } from './scope.js';

interface Arm {
  readonly id: string;
  readonly subflow: Flow;
  /** The arm's outputs (the subflow's), and its one whole value if it has one. */
  readonly outputs: readonly Property[];
  readonly whole?: string;
}

/**
 * One arm of a `.parallel()` as a subflow: a StartNode with what the step
 * reads (else everything produced before the parallel), the step imported as
 * it is elsewhere, an EndNode with the step's outputs — or, `packed`, with
 * one output named after the step holding them all (through a join ToolNode),
 * as Mastra gives them to the next step.
 */
function armFlow(s: Scope, step: ImportEntry, id: string, before: Cursor, packed: boolean): Arm {
  const b = new FlowBuilder(s.warnings, s.ids);
  const reads = consumes(step);
  const start = b.start(reads?.props ?? producedProperties(before.producers), reads?.whole === true);
  const inner: Scope = { ...s, b, start, byStep: s.byStep };
  let cursor = addEntry(inner, step, after(start), undefined);
  const last = cursor.producers[0] as Producer;
  if (packed) cursor = joinArms(inner, { ...cursor, arms: { entry: id, all: true, list: [{ id, producer: last }] } }, [{ title: id, type: 'object' }]);
  const result = cursor.producers[0] as Producer;
  const subflow = b.finish(cursor, { id: `${id}_branch`, name: id }, result.outputs);
  const whole = packed ? id : result.whole;
  return { id, subflow, outputs: result.outputs, ...(whole ? { whole } : {}) };
}

/** The names of the outputs an entry gives, when they are known before importing it. */
function produces(e: ImportEntry): readonly string[] | undefined {
  switch (e.kind) {
    case 'step': return outputShape(e.step.output).props.map((p) => p.title);
    case 'agent': return e.call ? [e.call.output] : e.output ? propertiesOf(e.output, 'output').map((p) => p.title) : ['text'];
    case 'workflow': return e.output ? outputShape(e.output).props.map((p) => p.title) : undefined;
    default: return undefined;
  }
}

/** Why the steps cannot be the subflows of one ParallelFlowNode (whose subflows give distinct outputs), if they cannot. */
function obstacle(steps: readonly ImportEntry[]): string | undefined {
  const seen = new Set<string>();
  for (const [j, st] of steps.entries()) {
    const names = produces(st);
    if (!names) return `what '${armName(st, j)}' gives is known only once imported`;
    for (const n of names) {
      if (seen.has(n)) return `more than one gives '${n}' (the subflows of a ParallelFlowNode give distinct outputs)`;
      seen.add(n);
    }
  }
  return undefined;
}

/**
 * `.parallel([a, b])`: a ParallelFlowNode with one subflow per step, all on
 * the outputs before the parallel. When the steps' outputs have distinct
 * names (known before importing them), what follows gets them by name, or
 * under each step id through a join (as Mastra gives them); otherwise each
 * subflow gives one output named after its step, holding its outputs (a
 * ParallelFlowNode's subflows give distinct outputs).
 */
export function parallelEntry(s: Scope, e: EntryOf<'parallel'>, cursor: Cursor): Cursor {
  const packed = obstacle(e.steps) !== undefined;
  const c = joinArms(s, cursor, e.steps.flatMap((st) => consumes(st)?.props ?? []));
  const arms = e.steps.map((step, j) => armFlow(s, step, armName(step, j), c, packed));
  const node = buildLater('ParallelFlowNode', { id: s.b.id(e.id), name: e.id, subflows: arms.map((a) => a.subflow) }) as unknown as Node;
  s.b.add(node);
  s.b.link(c, node);
  s.b.feed(c.producers, node);
  const list = arms.map((a) => {
    const producer: Producer = { node, outputs: a.outputs, ...(a.whole ? { whole: a.whole } : {}) };
    s.byStep.set(a.id, producer);
    return { id: a.id, producer };
  });
  const producers = [...list.map((a) => a.producer), ...c.producers];
  return { tails: [{ node, branch: 'next' }], producers, ...(packed ? {} : { arms: { entry: e.id, all: true, list } }) };
}
