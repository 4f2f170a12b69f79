import type { Cursor } from '../flow-builder.js';
import type { EntryOf } from '../import-entry.js';
import { addEntry } from './add-entry.js';
import { chooser } from './router.js';
import type { Scope } from './scope.js';

/**
 * `.dowhile(step, condition)` / `.dountil(step, condition)`: the step, then a
 * BranchingNode on the condition (on the step's outputs) going back to it
 * (dowhile: while it holds; dountil: until it holds).
 */
export function loopEntry(s: Scope, e: EntryOf<'loop'>, cursor: Cursor): Cursor {
  const first = s.b.nodes.length;
  const body = addEntry(s, e.body, cursor, undefined);
  const head = s.b.nodes[first];
  if (!head) return body;
  const until = e.loopType === 'dountil';
  const holds = until ? 'exit' : 'again';
  const node = chooser(s, `${e.id}_check`, [e.condition], [holds], body);
  s.b.link({ tails: [{ node, branch: until ? 'default' : 'again' }] }, head);
  s.b.feed(body.producers, head);
  return { tails: [{ node, branch: until ? 'exit' : 'default' }], producers: body.producers };
}
