import { NODE_FIELDS } from '../../model/fields.js';
import type { StartNode } from '../../model/types.js';
import { checkBranches, sameProperties, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

export const startNode: ComponentHandler = {
  type: 'StartNode',
  summary: 'Entry point of a flow: its inputs are the flow inputs, passed through as outputs.',
  fields: NODE_FIELDS,
  infer(d) {
    d.inputs ??= d.outputs ?? [];
    d.outputs ??= d.inputs;
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as StartNode;
    if (!sameProperties(props(n.inputs), props(n.outputs))) {
      ctx.report('AS_PASSTHROUGH_IO', n, ['outputs'], 'a StartNode must have outputs identical to its inputs');
    }
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
