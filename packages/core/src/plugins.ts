import type { Family } from './model/families.js';
import type { UnknownComponent } from './model/types.js';

/**
 * A plugin adds custom component types (Agent Spec "Ecosystem of plugins").
 * Its components are read like any component — nested components and
 * references resolved, unknown fields kept — then handed to `read` to check or
 * convert; `write` returns the fields to serialize. No code ever comes from a
 * document: plugins are registered by the caller.
 */
export interface ComponentPlugin {
  /** Written as `component_plugin_name`. */
  readonly name: string;
  /** Written as `component_plugin_version`. */
  readonly version: string;
  readonly componentTypes: readonly string[];
  /** Families (Node, Tool, …) these components may stand in; omitted: anywhere. */
  readonly families?: readonly Family[];
  /** Check or convert a component read from a document; throw to reject it (AS_PLUGIN_ERROR). */
  read?(component: UnknownComponent): UnknownComponent;
  /** Fields to write for a component (default: its own fields). */
  write?(component: UnknownComponent): Record<string, unknown>;
}

export function pluginIndex(plugins: readonly ComponentPlugin[] | undefined): Map<string, ComponentPlugin> {
  const index = new Map<string, ComponentPlugin>();
  for (const p of plugins ?? []) for (const t of p.componentTypes) index.set(t, p);
  return index;
}
