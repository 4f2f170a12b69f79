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
  const picked: Record<string, unknown> = {};
  for (const p of outputs ?? []) if (result[p.title] !== undefined) picked[p.title] = result[p.title];
  const all = (result[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
  const branch = result[CHANNELS.branch];
  return { outputs: picked, branch: typeof branch === 'string' ? branch : undefined, added: all.slice(messages.length) };
}
