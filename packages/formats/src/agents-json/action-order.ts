import { formatError } from '../format-error.js';
import type { AjAction, AjFlow } from './read-agents-json.js';

/**
 * The actions in an order where each runs after the actions whose responses
 * its links use: the listed order where the links allow it (a stable
 * topological sort). `reordered` when that differs from the listed order; a
 * cycle is AS_IMPORT_LINK_CYCLE.
 */
export function actionOrder(flow: AjFlow): { order: AjAction[]; reordered: boolean } {
  const after = new Map<string, Set<string>>(flow.actions.map((a) => [a.id, new Set<string>()]));
  for (const link of flow.links) {
    const from = link.origin.actionId;
    const to = link.target.actionId;
    if (from !== null && to !== null && from !== to && after.has(from) && after.has(to)) after.get(to)!.add(from);
    if (from !== null && from === to && after.has(from)) throw formatError('AS_IMPORT_LINK_CYCLE', `flow '${flow.id}': link ${link.index} feeds action '${from}' from its own response`);
  }
  const order: AjAction[] = [];
  const done = new Set<string>();
  while (order.length < flow.actions.length) {
    const next = flow.actions.find((a) => !done.has(a.id) && [...after.get(a.id)!].every((d) => done.has(d)));
    if (!next) {
      const waiting = flow.actions.filter((a) => !done.has(a.id)).map((a) => a.id);
      throw formatError('AS_IMPORT_LINK_CYCLE', `flow '${flow.id}': the links make actions ${waiting.join(', ')} wait for each other`);
    }
    order.push(next);
    done.add(next.id);
  }
  return { order, reordered: order.some((a, i) => a !== flow.actions[i]) };
}
