import type { Component } from '@agentspec/core';
import { eachComponent, requireServerTools, RuntimeError, type RuntimeLoadOptions } from '@agentspec/runtime';

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
  eachComponent(root, (c) => {
    if (REMOTE_AGENTS.has(c.component_type)) throw new RuntimeError('AS_UNSUPPORTED', `${c.component_type} '${c.id}' (a remote agent) cannot run on Mastra`);
  });
  requireServerTools(root, load.tools);
}
