/**
 * Where a conditional edge may go: its path map when it has one; else the
 * node names and `END` its router's source names (else every node, and the
 * end); and the node its `Send`s go to.
 */
import { END_KEY, type BranchLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';
import { functionName, scanSource, type SourceFacts } from './source-scan.js';

export interface RoutePlan {
  readonly branch: BranchLike;
  /** The router's name (its function's name), else `<source>_router`. */
  readonly toolName: string;
  /** What the router returns → the node it goes to (`__end__`: the end). */
  readonly targets: Readonly<Record<string, string>>;
  /** The node its Sends go to, when it sends. */
  readonly sendTarget?: string;
}

/** The plan of a conditional edge; undefined when it is left out (Sends to a node its source does not name, and nothing else). */
export function routePlan(source: string, branch: BranchLike, nodeNames: readonly string[], ctx: ImportContext): RoutePlan | undefined {
  const facts = scanSource(branch.path);
  const toolName = functionName(branch.path) ?? `${source}_router`;
  const sendTarget = facts.send ? sendTargetOf(source, facts, branch, nodeNames, ctx) : undefined;
  // a path map: the keys the router may return (its Sends, when it makes any, go to their MapNode)
  if (branch.ends) return { branch, toolName, targets: branch.ends, ...(sendTarget !== undefined ? { sendTarget } : {}) };
  const named = [...facts.literals.filter((l) => nodeNames.includes(l) && l !== sendTarget), ...(facts.end ? [END_KEY] : [])];
  if (facts.send) {
    if (sendTarget === undefined && named.length === 0) return undefined;
    return { branch, toolName, targets: Object.fromEntries(named.map((t) => [t, t])), ...(sendTarget !== undefined ? { sendTarget } : {}) };
  }
  if (named.length > 0) {
    ctx.warn('LG_ROUTER_TARGETS_INFERRED', source, `the conditional edge from '${source}' has no path map: its router '${toolName}' is read to go to ${named.map(show).join(', ')} (the names in its source; give addConditionalEdges a path map to say so)`);
    return { branch, toolName, targets: Object.fromEntries(named.map((t) => [t, t])) };
  }
  const all = [...nodeNames, END_KEY];
  ctx.warn('LG_ROUTER_TARGETS_UNKNOWN', source, `the conditional edge from '${source}' has no path map and its router '${toolName}' names no node in its source: it may go to any node or to the end (give addConditionalEdges a path map)`);
  return { branch, toolName, targets: Object.fromEntries(all.map((t) => [t, t])) };
}

/** Where a node's Commands may go: its `ends`, else the node names and END of its source, else anywhere. */
export function commandTargets(node: string, ends: readonly string[] | undefined, facts: SourceFacts, nodeNames: readonly string[], ctx: ImportContext): string[] | undefined {
  if (ends && ends.length > 0) return [...ends];
  if (!facts.command) return undefined;
  const named = [...facts.literals.filter((l) => nodeNames.includes(l) && l !== node), ...(facts.end ? [END_KEY] : [])];
  const targets = named.length > 0 ? named : [...nodeNames, END_KEY];
  ctx.warn('LG_COMMAND_TARGETS_INFERRED', node, `node '${node}' returns a Command but declares no ends: it is read to go to ${named.length > 0 ? targets.map(show).join(', ') : 'any node or the end'} (give addNode the option ends to say so)`);
  return targets;
}

function sendTargetOf(source: string, facts: SourceFacts, branch: BranchLike, nodeNames: readonly string[], ctx: ImportContext): string | undefined {
  const named = facts.sendTargets.filter((t) => nodeNames.includes(t));
  const fromMap = Object.values(branch.ends ?? {}).filter((t) => nodeNames.includes(t));
  const candidates = named.length > 0 ? named : fromMap.length === 1 ? fromMap : [];
  if (candidates.length === 0) {
    ctx.warn('LG_SEND_TARGET_UNKNOWN', source, `the router after '${source}' makes Sends to a node its source does not name: the fan-out is left out`);
    return undefined;
  }
  if (candidates.length > 1) ctx.warn('LG_SEND_TARGET_UNKNOWN', source, `the router after '${source}' sends to ${candidates.join(', ')}: only the Sends to '${candidates[0]}' are kept`);
  return candidates[0];
}

export function show(target: string): string {
  return target === END_KEY ? 'END' : `'${target}'`;
}
