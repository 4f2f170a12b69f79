import { agentToolName, TRANSFER_PREFIX } from '@agentspec/runtime';
import type { ComponentBase } from '@agentspec/core';
import { RunContext } from '@openai/agents';
import type { AnyAgent } from './any-agent.js';
import { handoffTarget, isSdkAgent } from './handoff-target.js';
import type { Warnings } from './warnings.js';

/** What a Handoff made with `handoff()` shows of its configuration. */
interface HandoffShape {
  readonly toolName?: unknown;
  readonly toolDescription?: unknown;
  readonly inputJsonSchema?: { properties?: Record<string, unknown> };
  readonly inputFilter?: unknown;
  readonly isEnabled?: unknown;
}

/** The description the SDK gives a handoff tool unless told otherwise. */
function defaultDescription(target: AnyAgent): string {
  return `Handoff to the ${target.name} agent to handle the request. ${target.handoffDescription ?? ''}`;
}

/**
 * Whether the handoff is enabled, when that does not depend on the run: the
 * SDK's default and `isEnabled: true/false` are evaluated; a function of the
 * run context (`isEnabled: ({ runContext }) => …`) is `undefined`.
 */
async function staticEnabled(h: HandoffShape, from: AnyAgent): Promise<boolean | undefined> {
  if (typeof h.isEnabled !== 'function') return true;
  if (/predicate/.test(String(h.isEnabled))) return undefined;
  try {
    return Boolean(await (h.isEnabled as (a: unknown) => Promise<boolean>)({ runContext: new RunContext({}), agent: from }));
  } catch {
    return undefined;
  }
}

/**
 * One entry of an agent's `handoffs` as a Swarm relationship (Agent Spec
 * 26.1.0 `handoff: always`: a `transfer_to_<Name>` tool, the recipient takes
 * the whole conversation over): its target, or `undefined` when it cannot be
 * read or is disabled. Whatever of the handoff the Swarm cannot say is a
 * coded warning on `fromId`: a tool name or description override, an input
 * type, an input filter, an `isEnabled` function, and — for a `handoff()`
 * entry, whose callback the SDK object does not show — a possible
 * `onHandoff`.
 */
export async function readHandoff(entry: unknown, from: AnyAgent, fromId: string, warnings: Warnings): Promise<AnyAgent | undefined> {
  const target = handoffTarget(entry);
  const h = (isSdkAgent(entry) ? {} : entry) as HandoffShape;
  if (!target) {
    warnings.add('OAI_HANDOFF', fromId, `a handoff${typeof h.toolName === 'string' ? ` '${h.toolName}'` : ''} whose agent cannot be read: left out`);
    return undefined;
  }
  const enabled = await staticEnabled(h, from);
  if (enabled === false) {
    warnings.add('OAI_HANDOFF', fromId, `the handoff to '${target.name}' is disabled (isEnabled: false): left out`);
    return undefined;
  }
  if (isSdkAgent(entry)) return target;
  const tool = agentToolName(TRANSFER_PREFIX, { id: target.name, name: target.name } as ComponentBase);
  const what = `the handoff to '${target.name}'`;
  if (typeof h.toolName === 'string' && h.toolName !== tool) {
    warnings.add('OAI_HANDOFF_TOOL', fromId, `${what} is the tool '${h.toolName}': in the Swarm it is '${tool}' (a Swarm names its transfer tools after the agent)`);
  }
  if (typeof h.toolDescription === 'string' && h.toolDescription !== defaultDescription(target)) {
    warnings.add('OAI_HANDOFF_TOOL', fromId, `${what} is described as '${h.toolDescription}': in the Swarm '${tool}' is described from the agent's description`);
  }
  if (Object.keys(h.inputJsonSchema?.properties ?? {}).length > 0) {
    warnings.add('OAI_HANDOFF_INPUT', fromId, `${what} takes an input (inputType): the Swarm's '${tool}' takes none, and onHandoff does not run`);
  }
  if (typeof h.inputFilter === 'function') {
    warnings.add('OAI_HANDOFF_INPUT_FILTER', fromId, `${what} filters the history the recipient sees (inputFilter): left out, '${target.name}' sees the whole conversation`);
  }
  if (enabled === undefined) {
    warnings.add('OAI_HANDOFF_ENABLED', fromId, `${what} is enabled by a function of the run (isEnabled): left out, the handoff is always offered`);
  }
  warnings.add('OAI_HANDOFF_CALLBACK', fromId, `${what} is made with handoff(), whose onHandoff callback the SDK object does not show: if it has one, the spec does not run it`);
  return target;
}
