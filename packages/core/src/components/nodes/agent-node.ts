import { comp, NODE_FIELDS } from '../../model/fields.js';
import type { AgentNode } from '../../model/types.js';
import { checkBranches, checkInferred, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

export const agentNode: ComponentHandler = {
  type: 'AgentNode',
  summary: "Runs an agentic component inside a flow, sharing the flow's conversation; its I/O are the agent's.",
  fields: [...NODE_FIELDS, { name: 'agent', type: comp('AgenticComponent'), required: true }],
  infer(d, ensure) {
    const agent = d.agent as Record<string, unknown> | undefined;
    ensure(agent);
    d.inputs ??= props(agent?.inputs);
    d.outputs ??= props(agent?.outputs);
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as AgentNode;
    if (n.agent) {
      checkInferred(ctx, n, 'inputs', props(n.inputs), props(n.agent.inputs));
      checkInferred(ctx, n, 'outputs', props(n.outputs), props(n.agent.outputs));
    }
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
