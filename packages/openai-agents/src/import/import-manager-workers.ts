import { agentToolName, RuntimeError } from '@agentspec/runtime';
import { buildLater, type Component } from '@agentspec/core';
import type { AnyAgent } from './any-agent.js';
import { agentId, importAgent, type ImportRun } from './import-agent.js';
import type { AgentTool } from './import-tools.js';
import { hasHandoffs } from './import-swarm.js';
import { approvalIsFunction } from './sdk-internals.js';

/** The parameters `asTool()` gives a tool unless told otherwise: `{ input: string }`. */
function defaultParameters(parameters: unknown): boolean {
  const p = parameters as { properties?: Record<string, { type?: unknown }>; required?: unknown[] } | undefined;
  const keys = Object.keys(p?.properties ?? {});
  return keys.length === 1 && keys[0] === 'input' && p?.properties?.input?.type === 'string';
}

/** Whether an `asTool()` tool asks for approval (true, or a function of the call). */
async function asksApproval(t: AgentTool, run: ImportRun): Promise<boolean> {
  if (await approvalIsFunction(t.tool, run.options.modulePath)) return true;
  try {
    return (await t.tool.needsApproval(undefined as never, {} as never, 'agentspec-import')) === true;
  } catch {
    return true;
  }
}

/** What of an `asTool()` tool a ManagerWorkers' worker tool cannot say: each a coded warning on the manager. */
async function reportToolShape(t: AgentTool, workerName: string, managerId: string, run: ImportRun): Promise<void> {
  const tool = agentToolName('', { id: workerName, name: workerName } as never);
  const lost: string[] = [];
  if (t.toolName !== tool) lost.push(`is named '${tool}' (a worker's tool is named after the worker)`);
  if (!defaultParameters(t.tool.parameters)) lost.push('takes { message } in place of its own parameters');
  else lost.push('takes { message } in place of { input }');
  run.warnings.add('OAI_AGENT_TOOL_SHAPE', managerId, `tool '${t.toolName}' runs agent '${workerName}': in the ManagerWorkers its tool ${lost.join(' and ')}`);
  if (await asksApproval(t, run)) {
    run.warnings.add('OAI_AGENT_TOOL_OPTION', managerId, `tool '${t.toolName}' asks for approval (needsApproval): a worker's tool never asks; left out`);
  }
  if (typeof t.tool.isEnabled === 'function' && !/typeof options\.isEnabled === ['"]boolean['"]/.test(String(t.tool.isEnabled))) {
    run.warnings.add('OAI_AGENT_TOOL_OPTION', managerId, `tool '${t.toolName}' is enabled by a function of the run (isEnabled): left out, the worker is always offered`);
  }
}

/**
 * An agent whose tools include `agent.asTool()` tools (and no handoffs) as a
 * ManagerWorkers (DESIGN §5, OpenAI Agents import): the agent the group
 * manager with its other tools, the agents of those tools the workers, in
 * order (an agent used by two tools once). The worker's description is its
 * `handoffDescription`, else the tool's description. A worker's tool differs
 * from an `asTool()` tool (named after the worker, `{ message }`): coded
 * warnings. A worker's own handoffs are left out (a worker answers its
 * manager, never takes the conversation over); its own `asTool()` tools stay
 * ServerTools running the SDK agent.
 */
export async function importManagerWorkers(root: AnyAgent, id: string | undefined, run: ImportRun): Promise<Component> {
  const manager = await importAgent(root, run, { agentTools: 'workers' });
  const managerId = manager.spec.id;
  const workers: Component[] = [];
  const seen = new Map<AnyAgent, Component>();
  for (const t of manager.agentTools) {
    let worker = seen.get(t.agent);
    if (!worker) {
      if (t.agent === root) throw new RuntimeError('AS_UNSUPPORTED', `agent '${root.name}' uses itself as a tool (asTool): a ManagerWorkers' manager cannot be its own worker`);
      worker = (await importAgent(t.agent, run, { agentTools: 'tools', agentToolsWhy: 'a worker of a ManagerWorkers is an Agent', ...(t.tool.description ? { description: t.tool.description } : {}) })).spec;
      seen.set(t.agent, worker);
      workers.push(worker);
      const wid = agentId(t.agent, run);
      if (hasHandoffs(t.agent)) {
        for (const h of t.agent.handoffs as { agentName?: string; name?: string }[]) {
          run.warnings.add('OAI_HANDOFF', wid, `hands off to agent '${String(h.agentName ?? h.name)}': a worker of a ManagerWorkers answers its manager and cannot hand the conversation over; left out`);
        }
      }
    }
    await reportToolShape(t, t.agent.name, managerId, run);
  }
  return buildLater('ManagerWorkers', {
    id: id ?? `${managerId}_team`,
    name: root.name,
    ...(root.handoffDescription ? { description: root.handoffDescription } : {}),
    group_manager: manager.spec,
    workers,
  } as never) as unknown as Component;
}
