import type { Cursor } from '../flow-builder.js';
import type { EntryOf } from '../import-entry.js';
import type { Scope } from './scope.js';

/** `.sleep()`, `.sleepUntil()`, a classifier, or an entry of an unknown kind: left out, named in a warning. */
export function otherEntry(s: Scope, e: EntryOf<'other'>, cursor: Cursor): Cursor {
  if (e.type === 'sleep' || e.type === 'sleepUntil') s.warnings.add('MA_SLEEP', e.id, `a .${e.type}() entry: Agent Spec has no timers; left out`);
  else s.warnings.add('MA_ENTRY', e.id, `a ${e.type} entry has no Agent Spec equivalent and is left out`);
  return cursor;
}
