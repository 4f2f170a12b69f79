import { comp, compList, NODE_FIELDS } from '../../model/fields.js';
import type { CatchExceptionNode, ParallelFlowNode, ParallelMapNode } from '../../model/later-types.js';
import type { Flow, Property, ReductionMethod } from '../../model/types.js';
import { findProperty } from '../../semantics/properties.js';
import { checkBranches, checkInferred, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';
import { flowExitBranches } from '../nodes/flow-node.js';
import { defaultReducers, mapInputs, mapOutputs } from '../nodes/map-node.js';

/** The union of the subflows' properties, by name (the first one met wins). */
function union(flows: readonly unknown[], field: 'inputs' | 'outputs'): Property[] {
  const out: Property[] = [];
  for (const f of flows) for (const p of props((f as Flow | undefined)?.[field])) if (!findProperty(out, p.title)) out.push(p);
  return out;
}

export const parallelFlowNode: ComponentHandler = {
  type: 'ParallelFlowNode',
  summary: 'Runs its subflows in parallel on the same inputs; outputs are the union of theirs.',
  fields: [...NODE_FIELDS, { name: 'subflows', type: compList('Flow'), default: [] }],
  infer(d, ensure) {
    const subs = Array.isArray(d.subflows) ? (d.subflows as unknown[]) : [];
    for (const s of subs) ensure(s);
    d.inputs ??= union(subs, 'inputs');
    d.outputs ??= union(subs, 'outputs');
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as unknown as ParallelFlowNode;
    const subs = n.subflows ?? [];
    const seen = new Map<string, string>();
    subs.forEach((f, i) => {
      for (const o of props(f?.outputs)) {
        const other = seen.get(o.title);
        if (other !== undefined) ctx.report('AS_IO_MISMATCH', n, ['subflows', i], `output '${o.title}' is produced by two subflows ('${other}' and '${f.id}')`);
        else seen.set(o.title, f.id);
      }
    });
    checkInferred(ctx, n, 'inputs', props(n.inputs), union(subs, 'inputs'));
    checkInferred(ctx, n, 'outputs', props(n.outputs), union(subs, 'outputs'));
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};

export const parallelMapNode: ComponentHandler = {
  type: 'ParallelMapNode',
  summary: 'A MapNode whose iterations run in parallel.',
  fields: [
    ...NODE_FIELDS,
    { name: 'subflow', type: comp('Flow'), required: true },
    { name: 'reducers', type: { kind: 'reducers' }, nullable: true },
  ],
  infer(d, ensure) {
    const sub = d.subflow as Record<string, unknown> | undefined;
    ensure(sub);
    const reducers = (d.reducers as Record<string, ReductionMethod> | null | undefined) ?? defaultReducers(sub);
    d.inputs ??= mapInputs(sub);
    d.outputs ??= mapOutputs(sub, reducers);
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as unknown as ParallelMapNode;
    if (!n.subflow) return;
    const reducers = n.reducers ?? defaultReducers(n.subflow);
    for (const name of Object.keys(reducers)) {
      if (!findProperty(n.subflow.outputs, name)) ctx.report('AS_MAP_REDUCER', n, ['reducers', name], `reducer for '${name}', which is not an output of the subflow`);
    }
    checkInferred(ctx, n, 'inputs', props(n.inputs), mapInputs(n.subflow), { narrowing: true });
    checkInferred(ctx, n, 'outputs', props(n.outputs), mapOutputs(n.subflow, reducers));
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};

export const CAUGHT_EXCEPTION_BRANCH = 'caught_exception_branch';
export const CAUGHT_EXCEPTION_INFO = 'caught_exception_info';

/** The outputs of a CatchExceptionNode: its subflow's, and caught_exception_info (string | null, default null). */
export function catchExceptionOutputs(subflow: Flow | Record<string, unknown> | undefined): Property[] {
  return [...props((subflow as Flow | undefined)?.outputs), caughtExceptionInfo()];
}

function caughtExceptionInfo(): Property {
  return { title: CAUGHT_EXCEPTION_INFO, anyOf: [{ type: 'string' }, { type: 'null' }], default: null };
}

/** caught_exception_info for the checks, which only read it: not one made per node. */
const CAUGHT_INFO = caughtExceptionInfo();
const ANY_TYPE = Object.freeze({ anyType: true });

export const catchExceptionNode: ComponentHandler = {
  type: 'CatchExceptionNode',
  summary: "Runs its subflow; an exception leaves by caught_exception_branch, with the outputs' defaults and caught_exception_info.",
  fields: [...NODE_FIELDS, { name: 'subflow', type: comp('Flow'), required: true }],
  infer(d, ensure) {
    const sub = d.subflow as Record<string, unknown> | undefined;
    ensure(sub);
    d.inputs ??= props(sub?.inputs);
    d.outputs ??= catchExceptionOutputs(sub);
    d.branches ??= [...flowExitBranches(sub), CAUGHT_EXCEPTION_BRANCH];
  },
  check(c, ctx) {
    const n = c as unknown as CatchExceptionNode;
    if (!n.subflow) return;
    // branches written as inferred (the subflow's exits, then the exception branch, which is no exit): nothing to report, no list made
    const exits = branchesAsInferred(n.branches, n.subflow) ? undefined : flowExitBranches(n.subflow);
    if (exits?.includes(CAUGHT_EXCEPTION_BRANCH)) {
      ctx.report('AS_BRANCHES_MISMATCH', n, ['subflow'], `the subflow finishes on a branch named '${CAUGHT_EXCEPTION_BRANCH}', which is the exception branch`);
    }
    checkInferred(ctx, n, 'inputs', props(n.inputs), props(n.subflow.inputs));
    // the inferred outputs with one shared caught_exception_info (only read here): no schema made per node
    if (!outputsAsInferred(props(n.outputs), props(n.subflow.outputs))) {
      checkInferred(ctx, n, 'outputs', props(n.outputs), [...props(n.subflow.outputs), CAUGHT_INFO], ANY_TYPE);
    }
    const outputs = props(n.outputs);
    for (let i = 0; i < outputs.length; i++) {
      const p = outputs[i] as Property;
      if (!Object.hasOwn(p, 'default')) {
        ctx.report('AS_IO_MISMATCH', n, ['outputs', i], `output '${p.title}' needs a default: it is the value when an exception is caught`);
      }
    }
    if (exits === undefined) return;
    exits.push(CAUGHT_EXCEPTION_BRANCH);
    checkBranches(ctx, n, n.branches, exits);
  },
};

/**
 * Whether a CatchExceptionNode's branches are flowExitBranches(subflow) then
 * caught_exception_branch, in that order, the exception branch not among the
 * exits: then neither branch check reports anything.
 */
function branchesAsInferred(declared: unknown, subflow: Flow): boolean {
  if (!Array.isArray(declared)) return false;
  let k = 0;
  const nodes = subflow.nodes;
  if (Array.isArray(nodes)) {
    for (const node of nodes) {
      if (node?.component_type !== 'EndNode') continue;
      const name = (node as { branch_name?: string }).branch_name ?? 'next';
      if (name === CAUGHT_EXCEPTION_BRANCH) return false;
      const at = declared.indexOf(name);
      if (at >= 0 && at < k) continue; // listed already (flowExitBranches lists a name once)
      if (declared[k] !== name) return false;
      k++;
    }
  }
  return declared.length === k + 1 && declared[k] === CAUGHT_EXCEPTION_BRANCH;
}

/**
 * Whether a CatchExceptionNode's outputs have the titles of its subflow's
 * and caught_exception_info, as a set: then checkInferred with anyType (all
 * it checks of outputs) reports nothing.
 */
function outputsAsInferred(declared: readonly Property[], subflow: readonly Property[]): boolean {
  if (!findProperty(declared, CAUGHT_EXCEPTION_INFO)) return false;
  for (const p of subflow) if (typeof p !== 'object' || p === null || !findProperty(declared, p.title)) return false;
  for (const p of declared) {
    if (typeof p !== 'object' || p === null) return false;
    if (p.title !== CAUGHT_EXCEPTION_INFO && !findProperty(subflow, p.title)) return false;
  }
  return true;
}
