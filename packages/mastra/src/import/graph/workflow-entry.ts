import { flowNode } from '@agentspec/core';
import type { Cursor } from '../flow-builder.js';
import type { EntryOf } from '../import-entry.js';
import { importFlow } from './import-flow.js';
import { place } from './place.js';
import type { Scope } from './scope.js';

/** A nested workflow: a FlowNode whose subflow is the workflow, imported the same way. */
export function workflowEntry(s: Scope, e: EntryOf<'workflow'>, cursor: Cursor): Cursor {
  const id = s.b.id(e.id);
  const subflow = importFlow(s, { id: `${e.id}_flow`, name: e.id, ...(e.description ? { description: e.description } : {}), ...(e.input ? { input: e.input } : {}), ...(e.output ? { output: e.output } : {}) }, e.entries);
  const node = flowNode({ id, name: e.id, subflow });
  const outputs = node.outputs ?? [];
  const producer = { node, outputs, ...(subflow.outputs?.length === 1 && e.output?.type !== 'object' && outputs[0] ? { whole: outputs[0].title } : {}) };
  s.byStep.set(e.id, producer);
  return place(s, node, cursor, producer);
}
