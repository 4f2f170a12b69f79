import type { BaseMessage } from '@langchain/core/messages';
import type { Command, LangGraphRunnableConfig, StateDefinition } from '@langchain/langgraph';
import type { ComponentBase } from '@agentspec/core';
import type { ToolCall, ToolSpec } from '@agentspec/runtime';
import type { GraphState } from '../graph-types.js';

/** What a call of a tool standing for an agent gave: its result, and the agent the conversation goes to when it was a transfer. */
export interface MemberCallResult {
  readonly result: string;
  readonly handoff?: ComponentBase;
}

/**
 * How an agent's graph runs as a member of a Swarm or ManagerWorkers
 * (DESIGN §4.2): its text reply ends the graph — `owner`: it answered the
 * user (the group's turn is over), `caller`: it answered the agent that asked
 * it; the tools the group adds to it (after its own, before submit_result),
 * run in its tools node; `handoff` turns a transfer into the
 * `Command({ graph: Command.PARENT, goto })` that hands the group's
 * conversation over; `state`: channels of the group the agent's graph shares.
 */
export interface MemberRole {
  readonly mode: 'owner' | 'caller';
  readonly specs: readonly ToolSpec[];
  call(call: ToolCall, state: GraphState, config: LangGraphRunnableConfig, parent: string | undefined): Promise<MemberCallResult>;
  handoff?(to: ComponentBase, state: GraphState, messages: readonly BaseMessage[]): Command;
  readonly state?: StateDefinition;
}
