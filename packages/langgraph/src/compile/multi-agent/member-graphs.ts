import { HumanMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import { Annotation, type LangGraphRunnableConfig, type StateDefinition } from '@langchain/langgraph';
import { toDocument, type Agent, type Component, type ComponentBase, type Property } from '@agentspec/core';
import { agentToolName, askedMessage, resolveInputs, RuntimeError, shapeOutputs, toolResultText, type ToolCall } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import { agentRecursionLimit } from '../agent/agent-limits.js';
import type { CompileContext } from '../context.js';
import { emit, emitException, eventsOn, graphSpanId, memberConfig, parentSpan, taskSpanId, type CallSpan } from '../events.js';
import type { GraphState, GraphUpdate, LangGraph } from '../graph-types.js';
import { textOf } from '../messages.js';
import { componentDocument, nodeMetadata } from '../metadata.js';

/** The state keys of a group's members' inputs and outputs, and the group's outputs. */
export function memberKeys(members: readonly Agent[], outputs: readonly Property[] | null | undefined): StateDefinition {
  const keys: StateDefinition = {};
  for (const a of members) for (const p of [...(a.inputs ?? []), ...(a.outputs ?? [])]) keys[p.title] ??= Annotation<unknown>();
  for (const p of outputs ?? []) keys[p.title] ??= Annotation<unknown>();
  return keys;
}

/** Refuse a member input or output named like a channel of the group's graph (`reserved`). */
export function checkMemberKeys(group: ComponentBase, keys: StateDefinition, reserved: readonly string[]): void {
  for (const r of reserved) {
    if (r in keys) {
      throw new RuntimeError('AS_UNSUPPORTED', `${group.component_type} '${String(group.name ?? group.id)}': an input or output of its agents is named '${r}', a state key its LangGraph graph keeps for itself`, {}, { hint: 'rename that input or output' });
    }
  }
}

/**
 * One LangGraph node name per agent: its tool name (`Billing desk` →
 * `Billing_desk`), moved aside from state keys and the other agents' names.
 */
export function agentNodeNames(agents: readonly ComponentBase[], stateKeys: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set(stateKeys);
  for (const a of agents) {
    const base = agentToolName('', a) || 'agent';
    let n = base;
    for (let i = 2; used.has(n) || n.startsWith('__'); i++) n = `${base}_${i}`;
    used.add(n);
    out.set(a.id, n);
  }
  return out;
}

/** The values of an agent's inputs in a state. */
export function inputsIn(agent: Agent, state: GraphState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of agent.inputs ?? []) if (state[p.title] !== undefined) out[p.title] = state[p.title];
  return out;
}

/**
 * The span of the group (SwarmExecution, ManagerWorkersExecution): one for
 * the whole session, announced by each of its agent nodes (a start of a span
 * already open is that span; a later run continues it). Its id, or undefined
 * when events are off.
 */
export function groupSpan(config: LangGraphRunnableConfig, kind: 'Swarm' | 'ManagerWorkers', group: ComponentBase, inputs: Readonly<Record<string, unknown>>): string | undefined {
  if (!eventsOn(config)) return undefined;
  const id = graphSpanId(config, kind === 'Swarm' ? 'swarm' : 'managerworkers');
  emit(config, `${kind}ExecutionStart`, id, String(group.name), { [kind === 'Swarm' ? 'swarm' : 'managerworkers']: group.id, inputs }, parentSpan(config));
  return id;
}

export function endGroupSpan(config: LangGraphRunnableConfig, kind: 'Swarm' | 'ManagerWorkers', group: ComponentBase, id: string | undefined, outputs: Readonly<Record<string, unknown>>): void {
  if (id) emit(config, `${kind}ExecutionEnd`, id, String(group.name), { outputs }, parentSpan(config));
}

/**
 * A member's graph finished the group (`done`): the group's outputs, from the
 * member's outputs in its final state shaped by the group's own, written to
 * `update`; the group's span ends with them.
 */
export function finishGroup(
  config: LangGraphRunnableConfig, kind: 'Swarm' | 'ManagerWorkers', group: ComponentBase & { readonly outputs?: readonly Property[] | null },
  span: string | undefined, member: Agent, out: GraphState, update: GraphUpdate,
): void {
  const outputs: Record<string, unknown> = {};
  for (const p of member.outputs ?? []) outputs[p.title] = out[p.title];
  const shaped = shapeOutputs(group.outputs, outputs);
  Object.assign(update, shaped);
  endGroupSpan(config, kind, group, span, shaped);
}

/**
 * Ask an agent (a ManagerWorkers' worker, a Swarm's send_message recipient):
 * a ToolExecution span for the call (under `parent`, opened by the agent's
 * graph when it runs: {@link CallSpan}), the agent's graph invoked as a
 * subgraph on a conversation of its own that starts with the message, its
 * AgentExecution span inside the call's. Its answer: its text
 * reply, or its outputs as JSON when submit_result finished it.
 */
export async function askAgent(
  graph: LangGraph, agent: Agent, c: ToolCall, state: GraphState, config: LangGraphRunnableConfig, parent: string | undefined, ctx: CompileContext,
  configurable: Record<string, unknown> = {},
): Promise<string> {
  const toolSpan = eventsOn(config) ? taskSpanId(config, `tool:${c.id}`) : undefined;
  const call: CallSpan | undefined = toolSpan ? { spanId: toolSpan, name: c.name, attributes: { tool: agent.id, tool_call_id: c.id, inputs: c.args }, parent, opened: false } : undefined;
  const inputs = resolveInputs(agent.inputs, inputsIn(agent, state), { agent: agent.id });
  const base = memberConfig(config, toolSpan, toolSpan ? `${toolSpan}/agent` : undefined, call);
  const run = { ...base, configurable: { ...base.configurable, ...configurable }, recursionLimit: agentRecursionLimit(ctx.limits.maxAgentSteps) };
  let out: GraphState;
  try {
    out = (await graph.invoke({ ...inputs, [CHANNELS.messages]: [new HumanMessage(askedMessage(c.args))] }, run)) as GraphState;
  } catch (e) {
    if (call?.opened) emitException(config, call.spanId, c.name, e);
    throw e;
  }
  let answer: string;
  if ((agent.outputs ?? []).some((p) => out[p.title] !== undefined)) {
    const outputs: Record<string, unknown> = {};
    for (const p of agent.outputs ?? []) outputs[p.title] = out[p.title];
    answer = toolResultText(outputs);
  } else {
    const last = ((out[CHANNELS.messages] as BaseMessage[] | undefined) ?? []).at(-1) as AIMessage | undefined;
    answer = last ? textOf(last.content) : '';
  }
  // a call answered in an earlier run (its graph finished then) has its span already
  if (call?.opened) emit(config, 'ToolExecutionResponse', call.spanId, c.name, { outputs: answer }, parent);
  return answer;
}

/** The metadata of an agent node of a Swarm's or ManagerWorkers' graph: its agent's document and the group's (as given), which the importer reads. */
export function memberNodeMetadata(agent: Agent, given: Component): Record<string, unknown> {
  return nodeMetadata('Agent', () => ({ component: componentDocument(agent), group: toDocument(given) }));
}
