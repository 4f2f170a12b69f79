import type { Property } from '@agentspec/core';
import type { Doc, DocumentBuilder } from './document.js';
import type { BranchLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';

type Invokable = { invoke(input: unknown): Promise<unknown> };

/**
 * A conditional edge with a path map as two nodes: a router ToolNode whose
 * ServerTool is the path function (state in, the key it picks out), then a
 * BranchingNode on that key, one branch per path-map key.
 */
export function routerNodes(label: string, branch: BranchLike, stateKeys: readonly string[], inputs: readonly Property[], docs: DocumentBuilder, ctx: ImportContext) {
  let key = 'route';
  for (let i = 2; stateKeys.includes(key); i++) key = `route_${i}`;
  let toolName = `${label}_router`;
  for (let i = 2; Object.hasOwn(ctx.tools, toolName); i++) toolName = `${label}_router_${i}`;
  const path = branch.path as Invokable;
  ctx.tools[toolName] = async (args) => {
    const picked = await path.invoke(args);
    return String(Array.isArray(picked) ? picked[0] : picked);
  };
  const routerId = ctx.id(`${label}_router`);
  const branchingId = ctx.id(`${label}_branch`);
  const routeProperty = { title: key, type: 'string' };
  const mapping = Object.fromEntries(Object.keys(branch.ends ?? {}).map((k) => [k, k]));
  const router: Doc = docs.node({
    component_type: 'ToolNode', id: routerId, name: `${label} router`,
    tool: { component_type: 'ServerTool', id: ctx.id(`${label}_router_tool`), name: toolName, description: `The path function of the conditional edge after '${label}': the state in, the key of the next node out.`, inputs, outputs: [routeProperty] },
  });
  const branching: Doc = docs.node({ component_type: 'BranchingNode', id: branchingId, name: `${label} branch`, inputs: [routeProperty], mapping });
  return { router, branching, routerId, branchingId };
}
