import { comp, NODE_FIELDS } from '../../model/fields.js';
import type { ToolNode } from '../../model/types.js';
import { checkBranches, checkInferred, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

export const toolNode: ComponentHandler = {
  type: 'ToolNode',
  summary: 'Calls its tool with its inputs; the tool result is mapped to its outputs.',
  fields: [...NODE_FIELDS, { name: 'tool', type: comp('Tool'), required: true }],
  infer(d, ensure) {
    const tool = d.tool as Record<string, unknown> | undefined;
    ensure(tool);
    d.inputs ??= props(tool?.inputs);
    d.outputs ??= props(tool?.outputs);
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as ToolNode;
    if (n.tool) {
      checkInferred(ctx, n, 'inputs', props(n.inputs), props(n.tool.inputs));
      checkInferred(ctx, n, 'outputs', props(n.outputs), props(n.tool.outputs));
    }
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
