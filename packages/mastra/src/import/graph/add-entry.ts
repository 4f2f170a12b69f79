import type { Property } from '@agentspec/core';
import type { Cursor } from '../flow-builder.js';
import type { EntryKind, EntryOf, ImportEntry } from '../import-entry.js';
import { inputShape } from '../schemas.js';
import type { Scope, Wanted } from './scope.js';
import { HANDLERS } from './handlers.js';

/** An entry's handler: adds its nodes after the cursor and returns the cursor after them. */
export type EntryHandler<K extends EntryKind> = (s: Scope, e: EntryOf<K>, cursor: Cursor, wanted: Wanted) => Cursor;

/** Adds one entry of a workflow's graph (its handler by kind); `wanted` is what the entry after it reads. */
export function addEntry(s: Scope, e: ImportEntry, cursor: Cursor, wanted: Wanted): Cursor {
  return (HANDLERS[e.kind] as EntryHandler<typeof e.kind>)(s, e as never, cursor, wanted);
}

const union = (shapes: readonly Wanted[]): Wanted => {
  const props = new Map<string, Property>();
  for (const w of shapes) for (const p of w?.props ?? []) if (!props.has(p.title)) props.set(p.title, p);
  return props.size > 0 ? { props: [...props.values()], whole: false } : undefined;
};

/** What an entry reads from the entry before it (undefined: it does not say — a mapping, an entry left out). */
export function consumes(e: ImportEntry): Wanted {
  switch (e.kind) {
    case 'step': return inputShape(e.step.input);
    case 'agent': {
      const call = e.call;
      if (!call) return { props: [{ title: 'prompt', type: 'string' }], whole: false };
      const fields = inputShape(call.input).props;
      return { props: call.reads.map((r) => fields.find((p) => p.title === r) ?? { title: r, type: 'string' }), whole: false };
    }
    case 'workflow': return inputShape(e.input);
    case 'foreach': {
      const item = consumes(e.body);
      const items = item?.whole ? item.props[0] : item ? { type: 'object', properties: Object.fromEntries(item.props.map(({ title, default: _d, ...p }) => [title, p])) } : {};
      return { props: [{ title: 'output', type: 'array', items } as Property], whole: true };
    }
    case 'loop': return consumes(e.body);
    case 'branch': return union(e.arms.map((a) => consumes(a.body)));
    case 'parallel': return union(e.steps.map(consumes));
    case 'mapping':
    case 'other':
      return undefined;
  }
}
