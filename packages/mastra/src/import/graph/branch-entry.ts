import type { Cursor } from '../flow-builder.js';
import type { EntryOf, ImportEntry } from '../import-entry.js';
import { addEntry } from './add-entry.js';
import { everyArmEntry } from './branch-arms.js';
import { chooser, exclusive } from './router.js';
import type { Scope } from './scope.js';

/** The branch name of an arm: its step (or workflow, agent) id. */
export function armName(body: ImportEntry, j: number): string {
  return body.kind === 'step' ? body.step.id : body.kind === 'workflow' || body.kind === 'agent' ? body.id : `arm_${j}`;
}

/**
 * `.branch([[condition, step], …])`: when at most one condition can hold (each
 * `inputData.<field> == literal` on one field), a BranchingNode on that field,
 * one arm per step; what follows gets the arms' outputs by name, or under each
 * arm's step id through a join. Otherwise every arm whose condition holds
 * runs, as in Mastra ({@link everyArmEntry}).
 */
export function branchEntry(s: Scope, e: EntryOf<'branch'>, cursor: Cursor): Cursor {
  const names = e.arms.map((a, j) => armName(a.body, j));
  if (!exclusive(e.arms.map((a) => a.condition))) return everyArmEntry(s, e, cursor, names);
  const node = chooser(s, e.id, e.arms.map((a) => a.condition), names, cursor);
  const inputs = { producers: cursor.producers, ...(cursor.arms ? { arms: cursor.arms } : {}) };
  const results = e.arms.map((a, j) => addEntry(s, a.body, { tails: [{ node, branch: names[j] as string }], ...inputs }, undefined));
  if (e.arms.length > 0) s.warnings.add('MA_BRANCH_OUTPUT', e.id, "the arms' outputs reach the next step by name, or under each arm's step id through a join ToolNode when it reads them so (Mastra nests them under the step id)");
  return {
    tails: [...results.flatMap((r) => r.tails), { node, branch: 'default' }],
    producers: [...results.flatMap((r) => r.producers), ...cursor.producers],
    arms: { entry: e.id, all: false, list: results.map((r, j) => ({ id: names[j] as string, producer: r.producers[0] as never })) },
  };
}
