import type { Draft } from '../components/handler.js';

/**
 * One constructor per typed component type, whose instances are plain
 * objects (prototype Object.prototype, `constructor` Object): indistinguishable
 * from `{ component_type }`, but V8 sizes a constructor's instances from the
 * first ones it makes (slack tracking), so the fields a reader adds one by one
 * land in the object itself. A literal `{ component_type }` has room for one
 * field: every few fields added past it reallocate and copy an out-of-object
 * property array (about 400 bytes of garbage per 12-field component).
 */
const CONSTRUCTORS = new Map<string, new () => Draft>();

function draftConstructor(): new () => Draft {
  const make = function () {} as unknown as { prototype: object } & (new () => Draft);
  make.prototype = Object.prototype;
  return make;
}

/** A fresh draft of a typed component: a plain object holding only `component_type`. */
export function newDraft(type: string): Draft {
  let make = CONSTRUCTORS.get(type);
  if (make === undefined) {
    make = draftConstructor();
    CONSTRUCTORS.set(type, make);
  }
  const draft = new make();
  draft.component_type = type;
  return draft;
}
