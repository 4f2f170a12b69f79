import { createHash } from 'node:crypto';
import { serialize, type Component } from '@agentspec/core';

/** A hash of a spec as written back (JSON): the same component gives the same hash whatever its file's layout or format. */
export function specHash(component: Component): string {
  return createHash('sha256').update(serialize(component, { format: 'json' })).digest('hex');
}
