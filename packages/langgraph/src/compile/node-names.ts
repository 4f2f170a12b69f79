import type { Node } from '@agentspec/core';

// `end` breaks Mermaid flowcharts (getGraph().drawMermaid() uses node names as ids)
const RESERVED = new Set(['__start__', '__end__', 'end']);

/**
 * The LangGraph node name of each Agent Spec node: its `name`, with the
 * characters LangGraph reserves (`|`, `:`) replaced; when that is taken (by
 * another node, a state key or LangGraph itself), the name followed by the
 * node id in parentheses. `end` is taken too: it is a keyword of the Mermaid
 * diagrams `getGraph().drawMermaid()` draws.
 */
export function graphNodeNames(nodes: readonly Node[], stateKeys: ReadonlySet<string>): Map<Node, string> {
  const names = new Map<Node, string>();
  const used = new Set<string>();
  const free = (n: string) => n !== '' && !used.has(n) && !stateKeys.has(n) && !RESERVED.has(n) && !n.startsWith('__error_handler__');
  for (const node of nodes) {
    const base = clean(node.name);
    let name = free(base) ? base : clean(`${base} (${node.id})`);
    for (let i = 2; !free(name); i++) name = clean(`${base} (${node.id} ${i})`);
    used.add(name);
    names.set(node, name);
  }
  return names;
}

/**
 * A name for a graph node that is part of another one's work (a fan-out's
 * branches and join): `base`, cleaned, or `base 2`, `base 3`… when that is
 * taken; the name is taken.
 */
export function partName(base: string, taken: Set<string>): string {
  const first = clean(base);
  let name = first;
  for (let i = 2; taken.has(name) || RESERVED.has(name) || name.startsWith('__error_handler__'); i++) name = `${first} ${i}`;
  taken.add(name);
  return name;
}

function clean(name: string): string {
  return name.replace(/[|:]/g, '_').trim();
}
