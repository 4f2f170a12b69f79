import type { StateSnapshot } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { Component, Property } from '@agentspec/core';
import { RuntimeError, type RunStatus } from '@agentspec/runtime';
import { CHANNELS } from '../constants.js';
import { isPauseRequest } from '../compile/interrupts.js';
import { toContractMessages } from '../compile/messages.js';

/** An interrupt the session waits on: resumed with `Command({ resume: { [id]: value } })`. */
export interface PendingInterrupt {
  readonly id: string;
  readonly type: 'user_input' | 'tool_request' | 'tool_confirmation';
}

/** Whether each run of the component's graph is one turn of the user: a run that ends without finishing waits for the user. */
export function takesTurns(component: Component): boolean {
  return component.component_type === 'Swarm' || component.component_type === 'ManagerWorkers';
}

/**
 * The status of a run from the thread's state: paused on the first pending
 * interrupt (its payload says what for, and carries the conversation) — of
 * those the run stopped on, when it says — else finished with the outputs the
 * graph wrote.
 */
export function statusOf(snapshot: StateSnapshot, component: Component, stoppedOn?: ReadonlySet<string>): { status: RunStatus; pending?: PendingInterrupt } {
  const all = snapshot.tasks.flatMap((t) => t.interrupts ?? []);
  const waiting = stoppedOn && stoppedOn.size > 0 ? all.filter((i) => i.id !== undefined && stoppedOn.has(i.id)) : all;
  const first = waiting[0] ?? all[0];
  if (first) {
    const v = first.value;
    if (!isPauseRequest(v) || !first.id) throw new RuntimeError('AS_INVALID_STATE', `the graph is interrupted by something this runtime did not ask: ${JSON.stringify(v)?.slice(0, 200)}`);
    const status: RunStatus = v.type === 'user_input'
      ? { type: 'user_input', messages: [...v.messages] }
      : { type: v.type, requests: v.requests.map((r) => ({ ...r, args: { ...r.args } })), messages: [...v.messages] };
    return { status, pending: { id: first.id, type: v.type } };
  }
  if (snapshot.next.length > 0) throw new RuntimeError('AS_INVALID_STATE', `the graph stopped before ${snapshot.next.join(', ')} without an interrupt`);
  return { status: endStatusOf(snapshot.values as Record<string, unknown>, component) };
}

/**
 * The status of a run that ended without an interrupt, from the graph's
 * values: finished with the outputs the graph wrote (a Swarm's or
 * ManagerWorkers' run not finished by submit_result waits for the user).
 */
export function endStatusOf(values: Readonly<Record<string, unknown>>, component: Component): RunStatus {
  // a Swarm's or ManagerWorkers' run ends with the user's turn, unless an agent finished it with submit_result
  if (takesTurns(component) && values[CHANNELS.done] !== true) return { type: 'user_input', messages: toContractMessages(values[CHANNELS.messages] as BaseMessage[] | undefined) };
  const outputs: Record<string, unknown> = {};
  for (const p of ((component as { outputs?: readonly Property[] | null }).outputs ?? [])) if (values[p.title] !== undefined) outputs[p.title] = values[p.title];
  const branch = values[CHANNELS.branch];
  return {
    type: 'finished',
    outputs,
    ...(component.component_type === 'Flow' && typeof branch === 'string' ? { branch } : {}),
    messages: toContractMessages(values[CHANNELS.messages] as BaseMessage[] | undefined),
  };
}
