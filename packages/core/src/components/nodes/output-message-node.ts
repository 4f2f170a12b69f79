import { NODE_FIELDS, str } from '../../model/fields.js';
import type { OutputMessageNode } from '../../model/types.js';
import { placeholdersIn } from '../../semantics/placeholders.js';
import { stringProperty } from '../../semantics/properties.js';
import { checkBranches, checkInferred, checkTemplate, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

export const outputMessageNode: ComponentHandler = {
  type: 'OutputMessageNode',
  summary: 'Appends its rendered message to the conversation as an assistant message.',
  fields: [...NODE_FIELDS, { name: 'message', type: str, required: true }],
  infer(d) {
    d.inputs ??= placeholdersIn(String(d.message ?? '')).map((n) => stringProperty(n));
    d.outputs ??= [];
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as OutputMessageNode;
    checkTemplate(ctx, n, 'message', n.message, props(n.inputs));
    checkInferred(ctx, n, 'outputs', props(n.outputs), []);
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
