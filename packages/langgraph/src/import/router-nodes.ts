/**
 * A conditional edge as flow nodes: a router ToolNode whose ServerTool is the
 * path function, named after it (state in, the key or node it picks out),
 * then a BranchingNode with a branch per key or node — and, when the router
 * makes `Send`s, a branch to their MapNode (see send-fan-out.ts).
 */
import type { Property } from '@agentspec/core';
import type { Exit, ForeignGraph } from './flow-assembly.js';
import { routerTool, SEND_ROUTE } from './node-tools.js';
import type { RoutePlan } from './route-plan.js';
import { sendPayloadVariable } from './send-fan-out.js';

export interface RouterParts {
  /** Where each key the router returns leads (the key → its node), leaving from the BranchingNode. */
  readonly branches: readonly { readonly exit: Exit; readonly target: string }[];
  /** Where the Sends leave from (to their MapNode), when the router sends, and the payloads' name. */
  readonly send?: { readonly exit: Exit; readonly payload: string };
}

export function routerNodes(g: ForeignGraph, source: string, plan: RoutePlan, from: Exit): RouterParts {
  const { ctx, flow } = g;
  const payloads = plan.sendTarget !== undefined ? sendPayloadVariable(g) : undefined;
  const tool = routerTool(g.state, plan.branch.path, {
    label: source, route: g.route,
    ...(payloads !== undefined ? { sendPayloads: `iterated_${payloads}`, sendTarget: plan.sendTarget as string } : {}),
  });
  const toolName = ctx.tool(plan.toolName, tool, plan.branch.path);
  const routeProperty = { title: g.route, type: 'string' } as Property;
  const outputs: Property[] = [routeProperty, ...(payloads !== undefined ? [{ title: `iterated_${payloads}`, type: 'array', items: { type: 'object' } } as unknown as Property] : [])];
  const routerId = flow.add({
    component_type: 'ToolNode', id: ctx.id(`${source}_router`), name: `${source} router`,
    tool: {
      component_type: 'ServerTool', id: ctx.id(`${plan.toolName}_tool`), name: toolName,
      description: `The path function of the conditional edge after '${source}': the state in, ${plan.sendTarget !== undefined ? `the Sends to '${plan.sendTarget}' (route '${SEND_ROUTE}', their payloads) or ` : ''}the key of the next node out.`,
      inputs: g.state.toolInputs, outputs,
    },
  });
  flow.edge(from, routerId);
  const keys = Object.keys(plan.targets);
  if (payloads !== undefined && keys.length === 0) return { branches: [], send: { exit: { from: routerId }, payload: payloads } };
  const mapping: Record<string, string> = Object.fromEntries(keys.map((k) => [k, k]));
  if (plan.sendTarget !== undefined) mapping[SEND_ROUTE] = SEND_ROUTE;
  const branchingId = flow.add({ component_type: 'BranchingNode', id: ctx.id(`${source}_branch`), name: `${source} branch`, inputs: [routeProperty], mapping });
  flow.edge({ from: routerId }, branchingId);
  return {
    branches: keys.map((k) => ({ exit: { from: branchingId, branch: k }, target: plan.targets[k] as string })),
    ...(payloads !== undefined ? { send: { exit: { from: branchingId, branch: SEND_ROUTE }, payload: payloads } } : {}),
  };
}
