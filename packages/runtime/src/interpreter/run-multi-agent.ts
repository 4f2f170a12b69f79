import { laterComponent, type Agent, type Component, type ComponentBase, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { eachComponent } from '../components.js';
import type { Message as ChatMessage } from '../contract.js';
import { resolveInputs, shapeOutputs } from '../semantics/inputs.js';
import { managerWorkers, workerToolSpec } from '../semantics/manager-workers.js';
import { agentAnswer, agentMessage, checkToolNames, countHandoff, handoffLimitError, memberAgent } from '../semantics/multi-agent.js';
import { swarmAgents, swarmLinks, transferResult, type SwarmLink } from '../semantics/swarm.js';
import type { Scope } from './execution.js';
import { agentLoop, type AgenticTools, type AgentEnd, type Conversation } from './run-agent.js';

type Inputs = Readonly<Record<string, unknown>>;

/** A conversation of an agent's own (an agent asked by another), starting with the message it was asked; not the session's. */
function ownConversation(scope: Scope, message: string): Conversation {
  const messages: ChatMessage[] = [{ role: 'user', content: message }];
  return {
    messages,
    add(m, spanId) {
      messages.push(m);
      scope.exec.event('ConversationMessageAdded', spanId ?? 'run', m.sender ?? m.role, { message: m, conversation: 'own' });
    },
  };
}

/** The text an asked agent gives back to the agent that asked it. */
function answerText(end: AgentEnd): string {
  return end.kind === 'handoff' ? '' : agentAnswer(end);
}

/** Check what can be checked before running: members are Agents, no agent is offered two tools of one name. */
export function checkSwarm(swarm: Swarm): void {
  for (const a of swarmAgents(swarm)) {
    const agent = memberAgent(a as Component, swarm, 'agent');
    checkToolNames(agent, [...agent.tools.map((t) => t.name), ...swarmLinks(swarm, agent, true).map((l) => l.spec.name)], swarm);
  }
}

/** Check a ManagerWorkers before running: members are Agents, no tool name twice for the manager. */
export function checkManagerWorkers(mw: ManagerWorkers): void {
  const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
  for (const w of managerWorkers(mw)) memberAgent(w as Component, mw, 'worker');
  checkToolNames(manager, [...manager.tools.map((t) => t.name), ...managerWorkers(mw).map((w) => workerToolSpec(w).name)], mw);
}

/**
 * A Swarm (DESIGN §4.2, Swarm): the first agent owns the conversation; an
 * agent asks another with send_message (the recipient answers in a
 * conversation of its own, inside the call's span) or hands the conversation
 * over with transfer (the recipient owns it from then on and answers the user
 * at once, in a new AgentExecutionSpan under the Swarm's). Handoffs in a row
 * without an answer to the user, and agents asking one another inside one
 * another, are bounded by `limits.maxHandoffs` (AS_HANDOFF_LIMIT).
 */
export function runSwarm(swarm: Swarm, inputs: Inputs, scope: Scope): Promise<Record<string, unknown>> {
  const limit = scope.exec.services.limits.maxHandoffs;
  return scope.span('SwarmExecutionStart', 'SwarmExecutionEnd', String(swarm.name), { swarm: swarm.id, inputs }, async (s) => {
    const agentInputs = (a: Agent) => resolveInputs(a.inputs, inputs, { agent: a.id });
    const tools = (agent: ComponentBase, owner: boolean, depth: number): AgenticTools => {
      const links = swarmLinks(swarm, agent, owner);
      return {
        specs: links.map((l) => l.spec),
        call: (c, cs) => callLink(links.find((l) => l.spec.name === c.name) as SwarmLink, c, cs, depth),
      };
    };
    const callLink = async (link: SwarmLink, c: { id: string; name: string; args: Readonly<Record<string, unknown>> }, cs: Scope, depth: number) => {
      if (link.kind === 'transfer') return { result: transferResult(link.to), handoff: link.to as Component };
      const to = memberAgent(link.to as Component, swarm, 'agent');
      if (depth >= limit) throw handoffLimitError('the agents asked one another (send_message inside send_message)', limit, to);
      const message = agentMessage(c.args);
      const end = await cs.span('ToolExecutionRequest', 'ToolExecutionResponse', c.name, { tool: to.id, tool_call_id: c.id, inputs: c.args }, (ts) =>
        agentLoop(to, agentInputs(to), ts, { mode: 'caller', conversation: ownConversation(ts, message), extra: tools(to, false, depth + 1) }),
      (e) => ({ outputs: answerText(e) }));
      return { result: answerText(end) };
    };
    let active = memberAgent(swarm.first_agent as Component, swarm, 'first agent');
    let handoffs = 0;
    for (;;) {
      const end = await agentLoop(active, agentInputs(active), s, { mode: 'user', extra: tools(active, true, 0) });
      if (end.kind !== 'handoff') return shapeOutputs(swarm.outputs, end.kind === 'outputs' ? end.outputs : {});
      handoffs = countHandoff(handoffs, end.answeredUser);
      const next = memberAgent(end.to, swarm, 'agent');
      if (handoffs > limit) throw handoffLimitError('the conversation was handed over', limit, next);
      active = next;
    }
  }, (r) => ({ outputs: r }));
}

/**
 * A ManagerWorkers (DESIGN §4.2, ManagerWorkers): the group manager owns the
 * conversation and has one tool per worker; a call runs the worker on the
 * message in a conversation of its own (inside the call's span) and gives its
 * answer back. Calls of one answer run one after another, in order.
 */
export function runManagerWorkers(mw: ManagerWorkers, inputs: Inputs, scope: Scope): Promise<Record<string, unknown>> {
  return scope.span('ManagerWorkersExecutionStart', 'ManagerWorkersExecutionEnd', String(mw.name), { managerworkers: mw.id, inputs }, async (s) => {
    const manager = memberAgent(mw.group_manager as Component, mw, 'group manager');
    const workers = managerWorkers(mw).map((w) => ({ agent: memberAgent(w as Component, mw, 'worker'), spec: workerToolSpec(w) }));
    const extra: AgenticTools = {
      specs: workers.map((w) => w.spec),
      async call(c, cs) {
        const worker = workers.find((w) => w.spec.name === c.name)!.agent;
        const end = await cs.span('ToolExecutionRequest', 'ToolExecutionResponse', c.name, { tool: worker.id, tool_call_id: c.id, inputs: c.args }, (ts) =>
          agentLoop(worker, resolveInputs(worker.inputs, inputs, { agent: worker.id }), ts, { mode: 'caller', conversation: ownConversation(ts, agentMessage(c.args)) }),
        (e) => ({ outputs: answerText(e) }));
        return { result: answerText(end) };
      },
    };
    const end = await agentLoop(manager, resolveInputs(manager.inputs, inputs, { agent: manager.id }), s, { mode: 'user', extra });
    return shapeOutputs(mw.outputs, end.kind === 'outputs' ? end.outputs : {});
  }, (r) => ({ outputs: r }));
}



/** Check every Swarm and ManagerWorkers inside `root` (SpecializedAgents merged already): AS_UNSUPPORTED for what cannot run. */
export function checkMultiAgent(root: Component): void {
  eachComponent(root, (c) => {
    const swarm = laterComponent(c, 'Swarm');
    if (swarm) checkSwarm(swarm);
    const mw = laterComponent(c, 'ManagerWorkers');
    if (mw) checkManagerWorkers(mw);
  });
}
