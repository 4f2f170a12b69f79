import type { BaseMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Property } from '@agentspec/core';
import { CHANNELS } from '../../../constants.js';
import { inSpanConfig } from '../../events.js';
import type { GraphState, LangGraph } from '../../graph-types.js';

export interface SubgraphResult {
  readonly outputs: Record<string, unknown>;
  readonly branch: string | undefined;
  /** Messages the subgraph added to the conversation. */
  readonly added: BaseMessage[];
}

/**
 * Invoke a compiled subgraph from a node body, sharing the conversation: it
 * gets the messages so far, and what it adds joins the caller's. Invoked with
 * the node's config, it checkpoints in the node's namespace, so an interrupt
 * inside pauses the parent too, and resuming the parent resumes it.
 */
export async function invokeSubgraph(
  graph: LangGraph,
  inputs: Readonly<Record<string, unknown>>,
  outputs: readonly Property[] | null | undefined,
  messages: readonly BaseMessage[],
  config: LangGraphRunnableConfig,
  span: string | undefined,
  recursionLimit?: number,
): Promise<SubgraphResult> {
  const base = inSpanConfig(config, span);
  const result = (await graph.invoke({ ...inputs, [CHANNELS.messages]: [...messages] }, recursionLimit ? { ...base, recursionLimit } : base)) as GraphState;
  return resultOf(result, outputs, messages);
}

/** What a subgraph gave, from its final state. */
function resultOf(result: GraphState, outputs: readonly Property[] | null | undefined, messages: readonly BaseMessage[]): SubgraphResult {
  const picked: Record<string, unknown> = {};
  for (const p of outputs ?? []) if (result[p.title] !== undefined) picked[p.title] = result[p.title];
  return { outputs: picked, branch: typeof result[CHANNELS.branch] === 'string' ? result[CHANNELS.branch] as string : undefined, added: addedMessages(result, messages) };
}

function addedMessages(state: GraphState | undefined, messages: readonly BaseMessage[]): BaseMessage[] {
  return ((state?.[CHANNELS.messages] as BaseMessage[] | undefined) ?? []).slice(messages.length);
}

/**
 * invokeSubgraph, watching the subgraph's state after each of its steps (the
 * stream `invoke` reads): when it fails, the error with the messages it had
 * added to the conversation by then.
 */
export async function trySubgraph(
  graph: LangGraph,
  inputs: Readonly<Record<string, unknown>>,
  outputs: readonly Property[] | null | undefined,
  messages: readonly BaseMessage[],
  config: LangGraphRunnableConfig,
  span: string | undefined,
): Promise<{ readonly result: SubgraphResult } | { readonly error: unknown; readonly added: BaseMessage[] }> {
  let latest: GraphState | undefined;
  try {
    const stream = await graph.stream({ ...inputs, [CHANNELS.messages]: [...messages] }, { ...inSpanConfig(config, span), streamMode: 'values' });
    for await (const state of stream) latest = state as GraphState;
  } catch (error) {
    return { error, added: addedMessages(latest, messages) };
  }
  return { result: resultOf(latest ?? {}, outputs, messages) };
}
