/**
 * Every warning the OpenAI Agents importer gives, by code: what in an SDK
 * agent Agent Spec cannot say as it is, and what the import does instead
 * (the README lists each with an example). Stable: added to, never renamed.
 */
export const OPENAI_AGENTS_IMPORT_WARNINGS = {
  OAI_HANDOFF: { kind: 'unsupported', meaning: 'a handoff to another agent — a Swarm in Agent Spec, which no runtime runs yet: the spec is the entry agent alone; the target is imported into `related`' },
  OAI_AGENT_TOOL: { kind: 'approximated', meaning: 'an agent used as a tool (`agent.asTool()`) — ManagerWorkers in Agent Spec, which no runtime runs yet: a ServerTool whose implementation runs the SDK agent; the agent is imported into `related`' },
  OAI_GUARDRAIL: { kind: 'unsupported', meaning: 'an input or output guardrail: Agent Spec has none; left out' },
  OAI_APPROVAL_FUNCTION: { kind: 'approximated', meaning: 'an approval decided by a function (`needsApproval: async (ctx, input) => …`): requires_confirmation: true, every call asks' },
  OAI_HOSTED_TOOL: { kind: 'unsupported', meaning: 'a hosted tool (web search, file search, code interpreter, image generation, computer, shell, …): a BuiltinTool in Agent Spec, which no runtime runs; left out' },
  OAI_MCP_SERVER: { kind: 'unsupported', meaning: 'an MCP server given to the agent: Agent Spec MCPTools name each tool and its transport; left out' },
  OAI_MODEL_SETTING: { kind: 'unsupported', meaning: 'a model setting with no Agent Spec equivalent (tool choice, reasoning, truncation, …): left out' },
  OAI_MODEL_ENDPOINT: { kind: 'approximated', meaning: 'the model does not tell its endpoint or name: an OpenAiConfig (or the baseUrl / modelId options), or a Responses model at another URL as an OpenAI-compatible config' },
  OAI_DYNAMIC_INSTRUCTIONS: { kind: 'approximated', meaning: 'instructions given as a function: the system prompt is what it returns for an empty context' },
  OAI_OPTIONAL_PROPERTY: { kind: 'approximated', meaning: 'an optional property without a default: required in Agent Spec' },
  OAI_OUTPUT_TYPE: { kind: 'unsupported', meaning: 'an output type that is not an object schema: the agent has no outputs' },
  OAI_TOOL_USE_BEHAVIOR: { kind: 'unsupported', meaning: "a toolUseBehavior other than 'run_llm_again' (or this package's submit_result finish): left out" },
  OAI_PROMPT: { kind: 'unsupported', meaning: 'a Responses API prompt template: left out' },
} as const satisfies Record<string, { kind: 'unsupported' | 'approximated'; meaning: string }>;

export type OpenAiAgentsImportWarningCode = keyof typeof OPENAI_AGENTS_IMPORT_WARNINGS;
