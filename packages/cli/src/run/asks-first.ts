import type { Component } from '@agentspec/core';

/** Roots a chat starts with the user's message: an agent, and the multi-agent components a conversation runs through. */
const CHAT_ROOTS = new Set(['Agent', 'SpecializedAgent', 'Swarm', 'ManagerWorkers']);

/** Whether a run of `component` asks for the opening user message before its first run (a Flow starts on its inputs). */
export function asksFirst(component: Component): boolean {
  return CHAT_ROOTS.has(component.component_type);
}
