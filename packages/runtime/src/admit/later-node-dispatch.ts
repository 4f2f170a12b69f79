import { laterComponent, type LaterComponentOf, type UnknownComponent } from '@agentspec/core';
import { refuseUnknown } from './admit.js';
import { INTERPRETED_LATER_NODES } from './capabilities.js';

/** A later-version node type a runtime's flows run (INTERPRETED_LATER_NODES). */
export type LaterNodeType = (typeof INTERPRETED_LATER_NODES)[number];

/** One handler per later-version node type: a runtime's table, like its table of built-in node kinds. */
export type LaterNodeHandlers<A extends unknown[], R> = { readonly [K in LaterNodeType]: (node: LaterComponentOf<K>, ...args: A) => R };

/**
 * The `Unknown` entry of a runtime's node table: the handler of `node`'s type
 * when it is a later-version node the runtime runs (admit() lets only those
 * through), else AS_UNSUPPORTED.
 */
export function dispatchLaterNode<A extends unknown[], R>(node: UnknownComponent, handlers: LaterNodeHandlers<A, R>, ...args: A): R {
  for (const type of INTERPRETED_LATER_NODES) {
    const typed = laterComponent(node, type);
    if (typed) return (handlers[type] as (n: typeof typed, ...a: A) => R)(typed, ...args);
  }
  return refuseUnknown(node);
}
