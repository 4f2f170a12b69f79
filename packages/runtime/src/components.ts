import { escapeToken, type Component, type Tool } from '@agentspec/core';
import type { ToolRegistry } from './contract.js';
import { RuntimeError } from './errors.js';

/**
 * Every component inside `root` (`root` first), each once, depth first in
 * document order, with its JSON Pointer from the root (`/nodes/3/subflow`;
 * `''` for the root; a shared component where it is first met). Metadata,
 * inputs and outputs (JSON Schemas, never components) are not entered, nor
 * the fields of a component for which `visit` returns `false`.
 */
export function eachComponent(root: Component, visit: (component: Component, path: string) => unknown): void {
  const seen = new Set<object>();
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}/${i}`));
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if (typeof (v as { component_type?: unknown }).component_type === 'string' && visit(v as Component, path) === false) return;
    for (const [k, child] of Object.entries(v)) if (k !== 'metadata' && k !== 'inputs' && k !== 'outputs') walk(child, `${path}/${escapeToken(k)}`);
  };
  walk(root, '');
}

/** The names of the ServerTools inside `root`, each once, in document order. */
export function serverToolNames(root: Component): string[] {
  const names = new Set<string>();
  eachComponent(root, (c) => {
    if (c.component_type === 'ServerTool') names.add((c as Tool).name);
  });
  return [...names];
}

/** Refuse (AS_MISSING_TOOL, all of them named) the ServerTools inside `root` that `tools` has no implementation for. */
export function requireServerTools(root: Component, tools: ToolRegistry | undefined, hint = 'pass them as load options: tools: { name: (args) => result }'): void {
  const missing = serverToolNames(root).filter((name) => !Object.hasOwn(tools ?? {}, name));
  if (missing.length > 0) {
    throw new RuntimeError('AS_MISSING_TOOL', `no implementation registered for ServerTool${missing.length > 1 ? 's' : ''} ${missing.map((n) => `'${n}'`).join(', ')}`, {}, { hint });
  }
}
