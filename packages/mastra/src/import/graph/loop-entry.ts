import { serverTool, toolNode, type Property } from '@agentspec/core';
import type { Cursor, Node } from '../flow-builder.js';
import type { EntryOf } from '../import-entry.js';
import { addEntry } from './add-entry.js';
import { contextReads } from './context-reads.js';
import { chooser, ITERATION_COUNT } from './router.js';
import { toolName, type Scope } from './scope.js';

const COUNT: Property = { title: ITERATION_COUNT, type: 'integer', default: 0 } as Property;

/** A ToolNode of the loop's counter: `reset` gives 0 (before the loop), else one more than its input. */
function counterNode(s: Scope, base: string, reset: boolean): Node {
  const name = toolName(s, base);
  const inputs = reset ? [] : [COUNT];
  const node = toolNode({
    id: s.b.id(name), name, inputs, outputs: [COUNT],
    tool: serverTool({ id: s.ids.take(`${name}_tool`), name, description: reset ? 'the loop\'s iterations, before it starts: 0' : 'the loop\'s iterations so far, one more', inputs, outputs: [COUNT] }),
  });
  s.tools[name] = reset ? () => ({ [ITERATION_COUNT]: 0 }) : (args) => ({ [ITERATION_COUNT]: (typeof args[ITERATION_COUNT] === 'number' ? args[ITERATION_COUNT] : 0) + 1 });
  return s.b.add(node);
}

/**
 * `.dowhile(step, condition)` / `.dountil(step, condition)`: the step, then a
 * BranchingNode on the condition (on the step's outputs) going back to it
 * (dowhile: while it holds; dountil: until it holds). A condition reading
 * `iterationCount` gets Mastra's (the iterations done, 1 after the first):
 * a counter set to 0 before the loop (`<loop>_start`) and counted after each
 * run of the step (`<loop>_count`, fed by itself), given to the router.
 */
export function loopEntry(s: Scope, e: EntryOf<'loop'>, cursor: Cursor): Cursor {
  const counts = contextReads(e.condition.fn).includes(ITERATION_COUNT);
  let entry = cursor;
  let reset: Node | undefined;
  if (counts) {
    reset = counterNode(s, `${e.id}_start`, true);
    s.b.link(cursor, reset);
    entry = { ...cursor, tails: [{ node: reset, branch: 'next' }] };
  }
  const first = s.b.nodes.length;
  const body = addEntry(s, e.body, entry, undefined);
  const head = s.b.nodes[first];
  if (!head) return body;
  let checked: Cursor = body;
  let counter: Node | undefined;
  if (counts && reset) {
    counter = counterNode(s, `${e.id}_count`, false);
    s.b.link(body, counter);
    s.b.wire(reset, ITERATION_COUNT, counter, ITERATION_COUNT);
    s.b.wire(counter, ITERATION_COUNT, counter, ITERATION_COUNT);
    checked = { ...body, tails: [{ node: counter, branch: 'next' }] };
  }
  const until = e.loopType === 'dountil';
  const holds = until ? 'exit' : 'again';
  const node = chooser(s, `${e.id}_check`, [e.condition], [holds], checked, counter ? { iterations: counter } : {});
  s.b.link({ tails: [{ node, branch: until ? 'default' : 'again' }] }, head);
  s.b.feed(body.producers, head);
  return { tails: [{ node, branch: until ? 'exit' : 'default' }], producers: body.producers };
}
