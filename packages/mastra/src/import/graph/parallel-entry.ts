import type { Cursor, Producer } from '../flow-builder.js';
import type { EntryOf } from '../import-entry.js';
import { addEntry } from './add-entry.js';
import { armName } from './branch-entry.js';
import type { Scope } from './scope.js';

/**
 * `.parallel([a, b])`: the steps one after another, each on the outputs
 * before the parallel; what follows gets their outputs by name, or under each
 * step id through a join (as Mastra gives them).
 */
export function parallelEntry(s: Scope, e: EntryOf<'parallel'>, cursor: Cursor): Cursor {
  s.warnings.add('MA_PARALLEL', e.id, `.parallel(): ${e.steps.map((st, j) => `'${armName(st, j)}'`).join(', ')} run one after another (Agent Spec 25.4 has no parallel branches)`);
  const inputs = { producers: cursor.producers, ...(cursor.arms ? { arms: cursor.arms } : {}) };
  let tails = cursor.tails;
  const list: { id: string; producer: Producer }[] = [];
  e.steps.forEach((step, j) => {
    const r = addEntry(s, step, { tails, ...inputs }, undefined);
    tails = r.tails;
    list.push({ id: armName(step, j), producer: r.producers[0] as Producer });
  });
  return { tails, producers: [...list.map((a) => a.producer), ...cursor.producers], arms: { entry: e.id, all: true, list } };
}
