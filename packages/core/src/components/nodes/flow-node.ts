import { comp, NODE_FIELDS } from '../../model/fields.js';
import type { Flow, FlowNode } from '../../model/types.js';
import { checkBranches, checkInferred } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

/** The branches a flow can finish on: the distinct branch_names of its EndNodes, in node order. */
export function flowExitBranches(flow: Flow | Record<string, unknown> | undefined): string[] {
  const branches: string[] = [];
  const nodes = (flow as Flow | undefined)?.nodes;
  if (!Array.isArray(nodes)) return branches;
  for (const node of nodes) {
    if (node?.component_type === 'EndNode') {
      const name = (node as { branch_name?: string }).branch_name ?? 'next';
      if (!branches.includes(name)) branches.push(name);
    }
  }
  return branches;
}

export const flowNode: ComponentHandler = {
  type: 'FlowNode',
  summary: "Runs a subflow inline with the node's inputs; outputs and finishing branch are the subflow's.",
  fields: [...NODE_FIELDS, { name: 'subflow', type: comp('Flow'), required: true }],
  infer(d, ensure) {
    const sub = d.subflow as Record<string, unknown> | undefined;
    ensure(sub);
    d.inputs ??= props(sub?.inputs);
    d.outputs ??= props(sub?.outputs);
    d.branches ??= flowExitBranches(sub);
  },
  check(c, ctx) {
    const n = c as FlowNode;
    if (!n.subflow) return;
    checkInferred(ctx, n, 'inputs', props(n.inputs), props(n.subflow.inputs));
    checkInferred(ctx, n, 'outputs', props(n.outputs), props(n.subflow.outputs));
    checkBranches(ctx, n, n.branches, flowExitBranches(n.subflow));
  },
};
