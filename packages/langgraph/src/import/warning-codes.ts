/**
 * Every warning `importLangGraph` may give, by code: what of a LangGraph
 * program the spec does not hold exactly, and how the spec does instead. A
 * fixed list (the README lists it, a test checks the README), so a caller
 * can act on a code and a new way of losing meaning cannot slip in unnamed.
 */
export const IMPORT_WARNING_CODES = {
  LG_ROUTER_TARGETS_INFERRED: { kind: 'approximated', what: 'A conditional edge without a path map: where it may go is read from the string literals (node names, END) of the router\'s source.' },
  LG_ROUTER_TARGETS_UNKNOWN: { kind: 'approximated', what: 'A conditional edge without a path map whose router names no node in its source: its BranchingNode has a branch to every node and to the end.' },
  LG_COMMAND_TARGETS_INFERRED: { kind: 'approximated', what: 'A node returns a Command but declares no `ends`: where it may go is read from its source (else every node).' },
  LG_COMMAND_PARENT: { kind: 'unsupported', what: 'A node navigates to its parent graph (`Command.PARENT`): the spec cannot; the goto fails at run time.' },
  LG_SEND_SEQUENTIAL: { kind: 'approximated', what: '`Send` fan-out is a MapNode: the sends run one after another (not in parallel); their updates are reduced in order, as LangGraph does.' },
  LG_SEND_TARGET_UNKNOWN: { kind: 'unsupported', what: 'A router sends (`Send`) to a node its source does not name: that fan-out is left out.' },
  LG_PARALLEL_SEQUENTIAL: { kind: 'approximated', what: 'Edges that fan out to nodes meeting again at one node: the nodes run one after another, in edge order, then the join once.' },
  LG_PARALLEL_DROPPED: { kind: 'unsupported', what: 'Edges that run nodes in parallel and do not meet again: only the first edge is kept.' },
  LG_WAITING_EDGE_DROPPED: { kind: 'unsupported', what: 'An edge waiting for several nodes that are not one fan-out: it is left out.' },
  LG_PARALLEL_CONDITIONAL: { kind: 'unsupported', what: 'A node with a conditional edge and other edges (run in parallel): only one way out is kept.' },
  LG_INTERRUPT: { kind: 'approximated', what: 'A node calls `interrupt()`: an InputMessageNode asks the user before the node runs (every time it runs); the answer is what `interrupt()` returns.' },
  LG_BREAKPOINT: { kind: 'approximated', what: '`interruptBefore` / `interruptAfter` on a node: an InputMessageNode pauses there; the answer is ignored (LangGraph resumes with `null`).' },
  LG_NODE_OPTION: { kind: 'unsupported', what: 'A node option the spec\'s ServerTool does not apply (cachePolicy, errorHandler, defer); retryPolicy and timeout are applied.' },
  LG_CUSTOM_REDUCER: { kind: 'approximated', what: 'A state key with a reducer Agent Spec has no name for: the spec\'s ServerTools apply it (they return the reduced value); a tool written anew must too.' },
  LG_STATE_KEY_RENAMED: { kind: 'approximated', what: 'A state key whose name LangGraph runtimes keep for themselves (`messages`): the spec names it otherwise.' },
  LG_SUBGRAPH_IN_FUNCTION: { kind: 'approximated', what: 'A node function that invokes a subgraph: the spec runs the function (and the subgraph in it) as one ServerTool; the subgraph is not a FlowNode.' },
  LG_RETURN_DIRECT: { kind: 'approximated', what: 'A prebuilt agent with tools that return directly: imported as a Flow of its graph (model node, tool node and routers as ServerTools), not as an Agent.' },
  LG_INTERRUPT_BEFORE_TOOLS: { kind: 'approximated', what: 'A prebuilt agent that pauses before its tools: its tools require confirmation; approving a call continues as resuming the graph does.' },
  LG_AGENT_INTERRUPT: { kind: 'unsupported', what: 'A prebuilt agent pausing elsewhere than before its tools: the pause is left out.' },
  LG_AGENT_HOOK: { kind: 'unsupported', what: 'A hook node of a prebuilt agent (`pre_model_hook`, `post_model_hook`, `generate_structured_response`): left out.' },
  LG_HUMAN_IN_THE_LOOP: { kind: 'approximated', what: '`humanInTheLoopMiddleware` of a `createAgent` agent: the tools it interrupts on require confirmation; approve runs a call, reject tells the LLM; edit and respond decisions are not in the spec.' },
  LG_MIDDLEWARE: { kind: 'unsupported', what: 'Other middleware of a `createAgent` agent: left out.' },
  LG_RESPONSE_FORMAT: { kind: 'unsupported', what: 'The response format of an agent: left out (an Agent with outputs finishes through submit_result).' },
  LG_DYNAMIC_PROMPT: { kind: 'unsupported', what: 'A prompt computed from the state: the spec has the system prompt it gave for one conversation, or none.' },
  LG_MODEL_UNREAD: { kind: 'unsupported', what: 'The model of a prebuilt agent could not be read: the spec has a placeholder OpenAI config.' },
  LG_MODEL_PROVIDER: { kind: 'approximated', what: 'A chat model of another provider than OpenAI: the spec has an OpenAI config for its model name.' },
  LG_HOSTED_TOOL: { kind: 'unsupported', what: 'A tool given as a provider definition (`{ type: \'web_search_preview\' }`) that no BuiltinTool names: it is left out (the hosted tools of the Responses API — `{ type: \'web_search\' }`, `file_search`, `code_interpreter`, `image_generation` — are BuiltinTools).' },
  LG_TOOL_SCHEMA: { kind: 'approximated', what: 'A tool whose schema is not readable as JSON Schema: the tool has no inputs in the spec.' },
  LG_HANDOFF_TOOL: { kind: 'approximated', what: 'A handoff tool of a swarm\'s agent (`Command({ goto, graph: Command.PARENT })`): it is the Swarm\'s `transfer_to_<agent>`, with the spec\'s name, description and result; what its Command updates besides the conversation is left out.' },
  LG_HANDOFF_TARGET_UNKNOWN: { kind: 'unsupported', what: 'A handoff tool whose destination neither its metadata, a `goto` literal, its name nor its closure says: it is left out.' },
  LG_SWARM_ENTRY: { kind: 'approximated', what: 'A swarm graph whose runs all start at one agent (START has an edge, not a router on `activeAgent`): in the Swarm, the next turn starts at the agent the conversation was handed over to.' },
  LG_AGENT_UNREACHABLE: { kind: 'unsupported', what: 'An agent of a swarm graph that is not where it starts and that no agent hands off to: the Swarm leaves it out.' },
  LG_SUPERVISOR_HANDOFF: { kind: 'approximated', what: 'A supervisor\'s handoff tools are the ManagerWorkers\' worker tools: a worker answers the supervisor\'s message in a conversation of its own (not the whole conversation), its answer the call\'s result, with no handoff messages.' },
  LG_GROUP_STATE: { kind: 'unsupported', what: 'A state key of a swarm or supervisor graph other than the conversation (and `activeAgent`): the agents of a Swarm or ManagerWorkers share the conversation only.' },
  LG_FOREIGN_NODE: { kind: 'unsupported', what: 'A node added to a graph compiled from Agent Spec: left out.' },
} as const satisfies Record<string, { readonly kind: 'unsupported' | 'approximated'; readonly what: string }>;

export type ImportWarningCode = keyof typeof IMPORT_WARNING_CODES;
