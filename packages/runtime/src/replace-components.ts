import type { Component } from '@agentspec/core';

/**
 * `root` with the components of `replacements` put in place of theirs,
 * wherever they are: every object on the way to one is copied, everything
 * else is kept as it is (the same objects), and a component shared by
 * several parents stays one object. Without a replacement inside it, `root`
 * itself is returned.
 */
export function replaceComponents<C extends Component>(root: C, replacements: ReadonlyMap<Component, Component>): C {
  if (replacements.size === 0) return root;
  const done = new Map<object, unknown>();
  const walk = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const seen = done.get(value);
    if (seen !== undefined) return seen;
    const replacement = replacements.get(value as Component);
    if (replacement !== undefined) {
      done.set(value, replacement);
      return replacement;
    }
    // a placeholder while its children are walked: the component graph has no cycles, but a cycle must not hang
    done.set(value, value);
    let changed = false;
    let copy: unknown;
    if (Array.isArray(value)) {
      const items = value.map((v) => {
        const w = walk(v);
        if (w !== v) changed = true;
        return w;
      });
      copy = changed ? items : value;
    } else {
      const entries = Object.entries(value).map(([k, v]) => {
        // inputs, outputs and metadata hold JSON Schemas and data, never components
        const w = k === 'inputs' || k === 'outputs' || k === 'metadata' ? v : walk(v);
        if (w !== v) changed = true;
        return [k, w] as const;
      });
      copy = changed ? Object.fromEntries(entries) : value;
    }
    done.set(value, copy);
    return copy;
  };
  return walk(root) as C;
}
