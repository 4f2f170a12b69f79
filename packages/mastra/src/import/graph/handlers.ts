import type { EntryKind } from '../import-entry.js';
import type { EntryHandler } from './add-entry.js';
import { agentEntry } from './agent-entry.js';
import { branchEntry } from './branch-entry.js';
import { foreachEntry } from './foreach-entry.js';
import { loopEntry } from './loop-entry.js';
import { mappingEntry } from './mapping-entry.js';
import { otherEntry } from './other-entry.js';
import { parallelEntry } from './parallel-entry.js';
import { stepEntry } from './step-entry.js';
import { workflowEntry } from './workflow-entry.js';

/** One handler per kind of workflow entry (a new kind does not compile until it has one). */
export const HANDLERS: { readonly [K in EntryKind]: EntryHandler<K> } = {
  step: stepEntry,
  agent: agentEntry,
  mapping: mappingEntry,
  workflow: workflowEntry,
  branch: branchEntry,
  parallel: parallelEntry,
  loop: loopEntry,
  foreach: foreachEntry,
  other: otherEntry,
};
