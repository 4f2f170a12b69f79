import type { ComponentBase, ManagerWorkers } from '@agentspec/core';
import type { ToolSpec } from './agent-tools.js';
import { agentBlurb, agentToolName } from './multi-agent.js';

/**
 * The tool a ManagerWorkers gives its manager for one worker (DESIGN §4.2,
 * ManagerWorkers): named after the worker (`Billing desk` → `Billing_desk`),
 * described by its description, with one parameter `message` — the task.
 * The worker answers it in a conversation of its own, which the user never
 * sees; its answer (its text reply, or its outputs as JSON) is the result.
 */
export function workerToolSpec(worker: ComponentBase): ToolSpec {
  return {
    name: agentToolName('', worker),
    description: `Give ${String(worker.name)} a task and get its answer back: ${agentBlurb(worker)}. The user does not see this exchange: write everything ${String(worker.name)} needs to know in the message.`,
    parameters: {
      type: 'object',
      properties: { message: { type: 'string', description: `The task for ${String(worker.name)}.` } },
      required: ['message'],
      additionalProperties: false,
    },
  };
}

/** The workers of a ManagerWorkers, each once, in order. */
export function managerWorkers(mw: ManagerWorkers): ComponentBase[] {
  const out: ComponentBase[] = [];
  for (const w of mw.workers) if (!out.some((o) => o.id === w.id)) out.push(w);
  return out;
}
