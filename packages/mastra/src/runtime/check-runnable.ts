import type { Component, Tool } from '@agentspec/core';
import { RuntimeError, type RuntimeLoadOptions } from '@agentspec/runtime';

const RUNNABLE_ROOTS = new Set(['Agent', 'Flow']);
const REMOTE_AGENTS = new Set(['OpenAiAgent', 'OciAgent']);

/**
 * Refuse at load what cannot run (DESIGN §4.4): a root that is not an Agent
 * or a Flow, remote agents (OpenAiAgent, OciAgent: Mastra has no client for
 * them), and ServerTools without an implementation — all of them listed.
 */
export function checkRunnable(root: Component, load: RuntimeLoadOptions): void {
  if (!RUNNABLE_ROOTS.has(root.component_type)) {
    throw new RuntimeError('AS_UNSUPPORTED', `a ${root.component_type} cannot be run on its own: load an Agent or a Flow`);
  }
  const missing = new Set<string>();
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    const type = (v as { component_type?: unknown }).component_type;
    if (typeof type === 'string') {
      const c = v as Component;
      if (REMOTE_AGENTS.has(type)) throw new RuntimeError('AS_UNSUPPORTED', `${type} '${c.id}' (a remote agent) cannot run on Mastra`);
      if (type === 'ServerTool' && !Object.hasOwn(load.tools ?? {}, (c as Tool).name)) missing.add((c as Tool).name);
    }
    for (const [k, child] of Object.entries(v)) if (k !== 'metadata' && k !== 'inputs' && k !== 'outputs') visit(child);
  };
  visit(root);
  if (missing.size > 0) {
    throw new RuntimeError('AS_MISSING_TOOL', `no implementation registered for ServerTool${missing.size > 1 ? 's' : ''} ${[...missing].map((n) => `'${n}'`).join(', ')}`, {}, {
      hint: 'pass them as load options: tools: { name: (args) => result }',
    });
  }
}
