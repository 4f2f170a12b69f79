import { NODE_FIELDS, str } from '../../model/fields.js';
import type { InputMessageNode } from '../../model/types.js';
import { placeholdersIn } from '../../semantics/placeholders.js';
import { stringProperty } from '../../semantics/properties.js';
import { checkBranches, checkTemplate, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

/** Output name of an InputMessageNode that declares none. */
export const INPUT_MESSAGE_DEFAULT_OUTPUT = 'user_input';

export const inputMessageNode: ComponentHandler = {
  type: 'InputMessageNode',
  summary: 'Optionally shows a message, then waits for the next user message, which is its one string output.',
  fields: [...NODE_FIELDS, { name: 'message', type: str, nullable: true, default: null }],
  infer(d) {
    d.inputs ??= placeholdersIn(String(d.message ?? '')).map((n) => stringProperty(n));
    d.outputs ??= [stringProperty(INPUT_MESSAGE_DEFAULT_OUTPUT)];
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as InputMessageNode;
    checkTemplate(ctx, n, 'message', n.message ?? '', props(n.inputs));
    const outputs = props(n.outputs);
    const only = outputs[0];
    if (outputs.length !== 1 || (only && only.type !== undefined && only.type !== 'string')) {
      ctx.report('AS_IO_MISMATCH', n, ['outputs'], 'an InputMessageNode has exactly one string output (the user message)');
    }
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
