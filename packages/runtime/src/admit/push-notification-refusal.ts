import { laterComponent, type Component } from '@agentspec/core';
import type { Refusal } from './capabilities.js';

/** A session parameter of an A2AAgent that asks for push notifications (a webhook the remote agent would call back). */
const PUSH_PARAMETER = /push|webhook|notification/i;

/**
 * An A2AAgent whose `session_parameters` ask for A2A push notifications
 * (`push_notification_config`, a webhook URL, …): refused at admission on
 * every runtime. Agent Spec gives push notifications no configuration (its
 * A2ASessionParameters are `timeout`, `poll_interval` and `max_retries`), and
 * the A2A client here never asks for them: it streams when the agent card
 * offers streaming, else it polls — a parameter meant for them would be
 * silently ignored.
 */
export function pushNotificationRefusal(c: Component): { at: string; refusal: Refusal } | undefined {
  const params: unknown = laterComponent(c, 'A2AAgent')?.session_parameters;
  if (typeof params !== 'object' || params === null) return undefined;
  const name = Object.keys(params).find((k) => PUSH_PARAMETER.test(k));
  if (name === undefined) return undefined;
  return {
    at: `/session_parameters/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
    refusal: {
      reason: `its session parameter '${name}' asks for A2A push notifications, which the A2A client here never uses (it streams when the agent card offers streaming, else polls the task)`,
      hint: 'leave the parameter out: poll_interval, timeout and max_retries say how the task is followed',
    },
  };
}
