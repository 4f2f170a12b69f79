import { NODE_FIELDS, str } from '../../model/fields.js';
import type { EndNode } from '../../model/types.js';
import { checkBranches, sameProperties } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

export const endNode: ComponentHandler = {
  type: 'EndNode',
  summary: 'Exit point of a flow: its outputs are exposed by the flow, and branch_name is the branch the flow finishes on.',
  fields: [...NODE_FIELDS, { name: 'branch_name', type: str, default: 'next' }],
  infer(d) {
    d.outputs ??= d.inputs ?? [];
    d.inputs ??= d.outputs;
    d.branches ??= [];
  },
  check(c, ctx) {
    const n = c as EndNode;
    if (!sameProperties(props(n.inputs), props(n.outputs))) {
      ctx.report('AS_PASSTHROUGH_IO', n, ['inputs'], 'an EndNode must have inputs identical to its outputs');
    }
    checkBranches(ctx, n, n.branches, []);
  },
};
