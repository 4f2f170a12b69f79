import type { EndNode, Flow } from '@agentspec/core';
import { coerce } from './coercion.js';

/**
 * A flow's outputs when it finishes on `end`: each flow output from the
 * EndNode's values, or the flow's default when that EndNode lacks it. The
 * finishing branch is the EndNode's branch_name.
 */
export function finishFlow(flow: Flow, end: EndNode, values: Readonly<Record<string, unknown>>): { outputs: Record<string, unknown>; branch: string } {
  const outputs: Record<string, unknown> = {};
  for (const o of flow.outputs ?? []) {
    if (Object.hasOwn(values, o.title) && values[o.title] !== undefined) outputs[o.title] = coerce(values[o.title], o);
    else if ('default' in o) outputs[o.title] = structuredClone(o.default);
  }
  return { outputs, branch: end.branch_name ?? 'next' };
}
