import { NODE_FIELDS } from '../../model/fields.js';
import type { BranchingNode } from '../../model/types.js';
import { stringProperty } from '../../semantics/properties.js';
import { checkBranches, checkInferred } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

export const BRANCHING_DEFAULT_INPUT = 'branching_mapping_key';
export const DEFAULT_BRANCH = 'default';

/** Branches of a BranchingNode: the distinct mapping values, then `default`. */
export function mappingBranches(mapping: unknown): string[] {
  const branches: string[] = [];
  if (mapping && typeof mapping === 'object') {
    for (const v of Object.values(mapping)) if (typeof v === 'string' && !branches.includes(v)) branches.push(v);
  }
  if (!branches.includes(DEFAULT_BRANCH)) branches.push(DEFAULT_BRANCH);
  return branches;
}

export const branchingNode: ComponentHandler = {
  type: 'BranchingNode',
  summary: 'Looks its one input up in mapping and follows that branch, or `default` when nothing matches.',
  fields: [...NODE_FIELDS, { name: 'mapping', type: { kind: 'string-map' }, required: true }],
  infer(d) {
    d.inputs ??= [stringProperty(BRANCHING_DEFAULT_INPUT, 'Next branch name in the flow')];
    d.outputs ??= [];
    d.branches ??= mappingBranches(d.mapping);
  },
  check(c, ctx) {
    const n = c as BranchingNode;
    if (props(n.inputs).length !== 1) {
      ctx.report('AS_IO_MISMATCH', n, ['inputs'], `a BranchingNode has exactly one input (the mapping key); found ${props(n.inputs).length}`);
    }
    checkInferred(ctx, n, 'outputs', props(n.outputs), []);
    checkBranches(ctx, n, n.branches, mappingBranches(n.mapping));
  },
};
