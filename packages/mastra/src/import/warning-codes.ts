/**
 * Every warning the Mastra importer gives, by code: what of a Mastra
 * workflow or agent Agent Spec cannot say as it is, and what the import does
 * instead (the README lists each with an example). Stable: added to, never
 * renamed.
 */
export const MASTRA_IMPORT_WARNINGS = {
  MA_BRANCH_FUNCTION: { kind: 'approximated', meaning: "`.branch()` or a loop whose conditions are functions: a router ToolNode (its ServerTool runs the conditions) before a BranchingNode; a `.branch()` whose conditions may hold together is a ParallelFlowNode of one subflow per arm, each guarded by its condition, so every arm whose condition holds runs (as in Mastra)" },
  MA_BRANCH_OUTPUT: { kind: 'approximated', meaning: "the arms of a `.branch()` reach the next step under each arm's step id (as Mastra gives them) and by their outputs' names; given when arms share an output name (by name, the first arm that ran) or when the arms are a BranchingNode's" },
  MA_CONDITION_CONTEXT: { kind: 'approximated', meaning: "a condition or mapping reads what its ServerTool is not given (getStepResult, state, requestContext; iterationCount outside a loop's condition): it sees undefined there (a loop's condition gets iterationCount from a counter in the loop)" },
  MA_PARALLEL: { kind: 'approximated', meaning: 'no longer given: `.parallel()` imports as a ParallelFlowNode (kept so that the code is never reused)' },
  MA_FOREACH: { kind: 'approximated', meaning: '`.foreach()`: a MapNode over the array, each item given whole to the step (its ServerTool takes `item`, gives `result`); `concurrency` is the runtime limit limits.mapConcurrency' },
  MA_MAP: { kind: 'approximated', meaning: '`.map()`: a ToolNode whose ServerTool runs the mapping (a function, or step / init-data paths and constants), its outputs what the next step reads' },
  MA_AGENT_STEP: { kind: 'approximated', meaning: "an agent as a step (`createStep(agent)`, `.agent()`): an AgentNode; the prompt joins the system prompt (`{{prompt}}`) and the answer comes back through submit_result as the agent's outputs (`text`, or the structured output's fields)" },
  MA_STEP_CALLS_AGENT: { kind: 'approximated', meaning: "steps that may call an agent in their code (`mastra.getAgent('…').generate(…)`; the workflow's Mastra registers agents, or the step's source shows the call): a ToolNode whose ServerTool runs the step with that Mastra, the agent's LLM calls inside it (`createStep(agent)` gives an AgentNode)" },
  MA_STEP_ASKS_AGENT: { kind: 'approximated', meaning: "a step whose code only asks one agent with a prompt made of its input (`agent.generate(`…${inputData.city}…`)`) and returns the answer's text: an AgentNode as for `createStep(agent)` — the prompt after the agent's instructions, the answer through submit_result as the step's one output" },
  MA_SLEEP: { kind: 'unsupported', meaning: '`.sleep()` / `.sleepUntil()`: Agent Spec has no timers; left out' },
  MA_ENTRY: { kind: 'unsupported', meaning: 'a workflow entry with no Agent Spec equivalent (a classifier, an unknown kind): left out' },
  MA_MISSING_SOURCE: { kind: 'approximated', meaning: 'an input no step output of that name feeds (and with no default): the run fails with AS_MISSING_INPUT there unless it is given' },
  MA_NO_IMPLEMENTATION: { kind: 'unsupported', meaning: "a step, condition or mapping known only from Mastra's JSON graph: its ServerTool has no implementation (pass one in `tools` to run the spec)" },
  MA_SUSPEND: { kind: 'approximated', meaning: 'a step or tool that can suspend itself (`suspend()`): its ServerTool runs to the end' },
  MA_MODEL_ENDPOINT: { kind: 'approximated', meaning: "a model whose endpoint Agent Spec cannot name (a provider other than OpenAI without a URL): an OpenAI-compatible config at `llmUrl` (default http://localhost:8000)" },
  MA_MODEL_FALLBACKS: { kind: 'approximated', meaning: 'a list of models (fallbacks): the first one' },
  MA_APPROVAL_FUNCTION: { kind: 'approximated', meaning: 'a tool whose `requireApproval` is a function: requires_confirmation: true, every call asks' },
  MA_PROVIDER_TOOL: { kind: 'unsupported', meaning: "a provider-defined tool of the AI SDK no BuiltinTool names (another provider's, or OpenAI's computer, shell, MCP, …): left out (OpenAI's web search, file search, code interpreter and image generation are BuiltinTools)" },
  MA_MAX_STEPS: { kind: 'approximated', meaning: "an agent's maxSteps: a runtime limit in Agent Spec (limits.maxAgentSteps), not part of the agent" },
} as const satisfies Record<string, { kind: 'unsupported' | 'approximated'; meaning: string }>;

export type MastraImportWarningCode = keyof typeof MASTRA_IMPORT_WARNINGS;
