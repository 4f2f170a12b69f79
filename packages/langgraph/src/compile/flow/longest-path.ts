import type { Node } from '@agentspec/core';

/**
 * The number of nodes on the longest path from any of `roots` along `next`,
 * or undefined when a cycle is reachable from them. Iterative depth-first
 * search, so a flow of any length takes no stack depth per node.
 */
export function longestPath(roots: Iterable<Node>, next: (node: Node) => Iterable<Node>): number | undefined {
  const longest = new Map<Node, number>();
  const onPath = new Set<Node>();
  let most = 0;
  for (const root of roots) {
    if (!longest.has(root)) {
      // each frame: a node, its successors to visit, the longest path after it so far
      const stack: [Node, Iterator<Node>, number][] = [[root, next(root)[Symbol.iterator](), 0]];
      onPath.add(root);
      while (stack.length > 0) {
        const top = stack[stack.length - 1] as [Node, Iterator<Node>, number];
        const step = top[1].next();
        if (step.done) {
          stack.pop();
          onPath.delete(top[0]);
          longest.set(top[0], top[2] + 1);
          const parent = stack[stack.length - 1];
          if (parent) parent[2] = Math.max(parent[2], top[2] + 1);
          continue;
        }
        const to = step.value;
        if (onPath.has(to)) return undefined;
        const known = longest.get(to);
        if (known !== undefined) top[2] = Math.max(top[2], known);
        else {
          onPath.add(to);
          stack.push([to, next(to)[Symbol.iterator](), 0]);
        }
      }
    }
    most = Math.max(most, longest.get(root) as number);
  }
  return most;
}
