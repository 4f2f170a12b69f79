import { branchingNode, serverTool, toolNode, type Property } from '@agentspec/core';
import { evaluatePredicate } from '@mastra/core/workflows';
import type { Cursor, Node } from '../flow-builder.js';
import type { Condition, Json } from '../import-entry.js';
import { stepParams } from '../run-step.js';
import { optional } from '../schemas.js';
import { contextReads } from './context-reads.js';
import { joinArms } from './place.js';
import { inputDataOf, producedProperties, toolName, type Scope } from './scope.js';

/** The counter output a loop gives its condition (Mastra's `iterationCount`). */
export const ITERATION_COUNT = 'iterationCount';

/** MA_CONDITION_CONTEXT when conditions read what a router is not given (`iterationCount` is given when the loop counts). */
export function conditionContext(s: Scope, id: string, conditions: readonly Condition[], counted: boolean): void {
  const reads = [...new Set(conditions.flatMap((k) => contextReads(k.fn)))].filter((r) => !(counted && r === ITERATION_COUNT));
  if (reads.length > 0) s.warnings.add('MA_CONDITION_CONTEXT', id, `its conditions read ${reads.join(', ')}: the router's ServerTool sees undefined there`);
}

/** `path` and value when a predicate is `inputData.<path> == literal` (either side). */
function equality(p: Json | undefined): { path: string; value: unknown } | undefined {
  if (p?.op !== 'eq') return undefined;
  const sides = [p.left, p.right] as ({ path?: string; literal?: unknown } | undefined)[];
  const path = sides.find((x) => typeof x?.path === 'string')?.path;
  const lit = sides.find((x) => x && 'literal' in x);
  if (!path?.startsWith('inputData.') || !lit) return undefined;
  return { path: path.slice('inputData.'.length), value: lit.literal };
}

/** Whether at most one of the conditions can hold: each is `inputData.<field> == literal` on one field, with distinct literals. */
export function exclusive(conditions: readonly Condition[]): boolean {
  const eqs = conditions.map((c) => equality(c.predicate));
  const field = eqs[0]?.path;
  if (!field || field.includes('.') || !eqs.every((q) => q?.path === field)) return false;
  return new Set(eqs.map((q) => JSON.stringify(q?.value))).size === eqs.length;
}

/** What a router is given besides the outputs before it. */
export interface RouterOptions {
  /** Say nothing of function conditions (the caller does, once). */
  readonly quiet?: boolean;
  /** The loop's counter: its output `iterationCount` is the conditions' `iterationCount` (Mastra's: the iterations done). */
  readonly iterations?: Node;
}

/** A BranchingNode on one output's value, when every condition is `inputData.<field> == literal`. */
function onField(s: Scope, id: string, conditions: readonly Condition[], names: readonly string[], cursor: Cursor): Node | undefined {
  const eqs = conditions.map((c) => equality(c.predicate));
  const field = eqs[0]?.path;
  if (!field || field.includes('.') || !eqs.every((q) => q?.path === field)) return undefined;
  const mapping = Object.fromEntries(eqs.map((q, j) => [typeof q?.value === 'string' ? q.value : JSON.stringify(q?.value), names[j] as string]));
  const node = s.b.add(branchingNode({ id: s.b.id(id), name: id, inputs: [{ title: field }], mapping }));
  s.b.link(cursor, node);
  s.b.feed(cursor.producers, node);
  return node;
}

/**
 * A BranchingNode choosing among `names` (its `default` branch when none
 * holds) — on a predicate's field, or after a router ToolNode whose ServerTool
 * evaluates the conditions in order on the previous outputs (`inputData`).
 */
export function chooser(s: Scope, id: string, conditions: readonly Condition[], names: readonly string[], cursor: Cursor, options: RouterOptions = {}): Node {
  const c = joinArms(s, cursor, []);
  const direct = onField(s, id, conditions, names, c);
  if (direct) return direct;
  const counted = options.iterations;
  const inputs: Property[] = [
    ...producedProperties(c.producers).map((p) => (c.arms && !c.arms.all ? optional(p) : p)),
    ...(counted ? [{ title: ITERATION_COUNT, type: 'integer', default: 0 } as Property] : []),
  ];
  const routerName = toolName(s, `${id}_router`);
  const output: Property = { title: 'branch', type: 'string' };
  const router = s.b.add(toolNode({
    id: s.b.id(routerName), name: routerName, inputs, outputs: [output],
    tool: serverTool({ id: s.ids.take(`${routerName}_tool`), name: routerName, description: `which branch of '${id}' runs`, inputs, outputs: [output] }),
  }));
  s.b.link(c, router);
  s.b.feed(c.producers, router, inputs.filter((p) => p.title !== ITERATION_COUNT || !counted));
  if (counted) s.b.wire(counted, ITERATION_COUNT, router, ITERATION_COUNT);
  const live = conditions.every((k) => k.fn || k.predicate);
  if (live) {
    const producers = c.producers;
    s.tools[routerName] = async (args) => {
      const inputData = inputDataOf(producers, args);
      const iterationCount = counted && typeof args[ITERATION_COUNT] === 'number' ? args[ITERATION_COUNT] : undefined;
      for (const [j, k] of conditions.entries()) {
        const holds = k.predicate ? evaluatePredicate(k.predicate as never, { inputData, ...(iterationCount !== undefined ? { iterationCount } : {}) } as never)
          : await k.fn?.({ ...stepParams(id, inputData), ...(iterationCount !== undefined ? { iterationCount } : {}) });
        if (holds) return names[j];
      }
      return 'default';
    };
  } else {
    s.warnings.add('MA_NO_IMPLEMENTATION', id, `its conditions are known only from their source: the router's ServerTool '${routerName}' needs an implementation in \`tools\` (returning one of ${names.map((n) => `'${n}'`).join(', ')} or 'default')`);
  }
  if (!options.quiet) {
    conditionContext(s, id, conditions, counted !== undefined);
    s.warnings.add('MA_BRANCH_FUNCTION', id, `its conditions are functions: a router ToolNode '${routerName}' computes the branch, then a BranchingNode follows it`);
  }
  const node = s.b.add(branchingNode({ id: s.b.id(id), name: id, inputs: [output], mapping: Object.fromEntries(names.map((n) => [n, n])) }));
  s.b.link({ tails: [{ node: router, branch: 'next' }] }, node);
  s.b.wire(router, 'branch', node, 'branch');
  return node;
}
