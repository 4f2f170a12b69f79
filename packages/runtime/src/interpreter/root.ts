import { laterComponent, type Agent, type Flow } from '@agentspec/core';
import { unsupportedComponent } from '../admit/admit.js';
import { resolveInputs } from '../semantics/inputs.js';
import type { Execution } from './execution.js';
import { runA2aAgent } from './run-a2a-agent.js';
import { runAgent } from './run-agent.js';
import { runFlow } from './run-flow.js';
import { runManagerWorkers, runSwarm } from './run-multi-agent.js';

/** Run the root component: user messages given before the run join the conversation first. */
export async function runRoot(exec: Execution, inputs: Readonly<Record<string, unknown>>): Promise<{ outputs: Record<string, unknown>; branch?: string }> {
  const scope = exec.scope();
  for (const text of scope.intake(false)) exec.addMessage({ role: 'user', content: text });
  const root = exec.services.root;
  if (root.component_type === 'Flow') return runFlow(root as Flow, inputs, scope);
  if (root.component_type === 'Agent') {
    const agent = root as Agent;
    const outputs = await runAgent(agent, resolveInputs(agent.inputs, inputs, { agent: agent.id }), scope, false);
    return { outputs };
  }
  const swarm = laterComponent(root, 'Swarm');
  if (swarm) return { outputs: await runSwarm(swarm, inputs, scope) };
  const mw = laterComponent(root, 'ManagerWorkers');
  if (mw) return { outputs: await runManagerWorkers(mw, inputs, scope) };
  const remote = laterComponent(root, 'A2AAgent');
  if (remote) return { outputs: await runA2aAgent(remote, resolveInputs(remote.inputs, inputs, { agent: remote.id }), scope, false) };
  throw unsupportedComponent(root);
}
