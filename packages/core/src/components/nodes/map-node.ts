import { comp, NODE_FIELDS } from '../../model/fields.js';
import type { Flow, MapNode, Property, ReductionMethod } from '../../model/types.js';
import { findProperty } from '../../semantics/properties.js';
import { checkBranches, checkInferred, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

export const ITERATED_PREFIX = 'iterated_';
export const COLLECTED_PREFIX = 'collected_';

/** Reducers when none are given: append every subflow output. */
export function defaultReducers(subflow: Flow | Record<string, unknown> | undefined): Record<string, ReductionMethod> {
  const reducers: Record<string, ReductionMethod> = {};
  for (const o of props((subflow as Flow | undefined)?.outputs)) reducers[o.title] = 'append';
  return reducers;
}

/** `iterated_<x>` for every subflow input x: the item type, or a list of it. */
export function mapInputs(subflow: Flow | Record<string, unknown> | undefined): Property[] {
  return props((subflow as Flow | undefined)?.inputs).map((p) => ({
    title: `${ITERATED_PREFIX}${p.title}`,
    anyOf: [p, { type: 'array', items: p }],
  }));
}

/** `collected_<y>` for every reduced subflow output y: a list for append, the item type otherwise. */
export function mapOutputs(subflow: Flow | Record<string, unknown> | undefined, reducers: Readonly<Record<string, ReductionMethod>>): Property[] {
  const out: Property[] = [];
  for (const o of props((subflow as Flow | undefined)?.outputs)) {
    const method = reducers[o.title];
    if (method === undefined) continue;
    const title = `${COLLECTED_PREFIX}${o.title}`;
    out.push(method === 'append' ? { title, type: 'array', items: o } : { ...o, title });
  }
  return out;
}

const NUMERIC = new Set(['number', 'integer', 'boolean']);

export const mapNode: ComponentHandler = {
  type: 'MapNode',
  summary: 'Runs a subflow once per item of its iterated_ inputs and reduces the outputs into collected_ outputs.',
  fields: [
    ...NODE_FIELDS,
    { name: 'subflow', type: comp('Flow'), required: true },
    { name: 'reducers', type: { kind: 'reducers' }, nullable: true, inferred: true },
  ],
  infer(d, ensure) {
    const sub = d.subflow as Record<string, unknown> | undefined;
    ensure(sub);
    d.reducers ??= defaultReducers(sub);
    d.inputs ??= mapInputs(sub);
    d.outputs ??= mapOutputs(sub, d.reducers as Record<string, ReductionMethod>);
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as MapNode;
    if (!n.subflow) return;
    const reducers = n.reducers ?? defaultReducers(n.subflow);
    for (const [name, method] of Object.entries(reducers)) {
      const out = findProperty(n.subflow.outputs, name);
      if (!out) {
        ctx.report('AS_MAP_REDUCER', n, ['reducers', name], `reducer for '${name}', which is not an output of the subflow`);
      } else if (method !== 'append' && typeof out.type === 'string' && !NUMERIC.has(out.type)) {
        ctx.report('AS_MAP_REDUCER', n, ['reducers', name], `'${method}' cannot reduce '${name}' of type ${out.type}`);
      }
    }
    checkInferred(ctx, n, 'inputs', props(n.inputs), mapInputs(n.subflow), { narrowing: true });
    checkInferred(ctx, n, 'outputs', props(n.outputs), mapOutputs(n.subflow, reducers));
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
