/** The name of this runtime in the conformance matrix and in saved sessions. */
export const LANGGRAPH_RUNTIME_NAME = 'langgraph';

/**
 * State keys the compiled graphs use besides the flow's inputs and outputs
 * (which are state keys of their own). Prefixed so they do not collide with
 * Agent Spec property names; a spec that uses one is rejected at compile time.
 */
export const CHANNELS = {
  /** The shared conversation (LangChain messages, `messagesStateReducer`). */
  messages: 'messages',
  /** Node inputs waiting to be read: by destination node id (data edges) or by name (no data edges). */
  values: 'agentspec_values',
  /** The branch the last node finished on; conditional edges route on it. */
  branch: 'agentspec_branch',
  /** LLM turns of an agent since the user last spoke (the step limit). */
  turns: 'agentspec_turns',
  /** Set when an agent finished through submit_result. */
  done: 'agentspec_done',
  /** ParallelFlowNode / ParallelMapNode runs in progress: their tasks, span and results, by node id (fan-out.ts). */
  parallel: 'agentspec_parallel',
} as const;

export const RESERVED_STATE_KEYS: ReadonlySet<string> = new Set(Object.values(CHANNELS));
