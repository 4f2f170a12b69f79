import type { A2AAgent, Component } from '@agentspec/core';
import { eachComponent } from '../components.js';
import { a2aConnection, type A2aConnection, type A2aConnectionOptions } from './a2a-client.js';

/** The A2A connections of one app: one per A2AAgent (by id), opened on first use, closed with the app. */
export interface A2aConnections {
  (agent: A2AAgent): A2aConnection;
  close(): void;
}

export function a2aConnections(options: A2aConnectionOptions = {}): A2aConnections {
  const open = new Map<string, A2aConnection>();
  const get = ((agent: A2AAgent) => {
    let c = open.get(agent.id);
    if (!c) open.set(agent.id, (c = a2aConnection(agent, options)));
    return c;
  }) as A2aConnections;
  get.close = () => {
    for (const c of open.values()) c.close();
    open.clear();
  };
  return get;
}

/** Whether `root` is or holds an A2AAgent (which runtimes run with their A2A client; compilers of agents and emitters do not). */
export function hasA2aAgents(root: Component): boolean {
  let found = false;
  eachComponent(root, (c) => {
    if (c.component_type === 'A2AAgent') found = true;
  });
  return found;
}
