/**
 * Every warning the OpenAI Agents importer gives, by code: what in an SDK
 * agent Agent Spec cannot say as it is, and what the import does instead
 * (the README lists each with an example). Stable: added to, never renamed.
 */
export const OPENAI_AGENTS_IMPORT_WARNINGS = {
  OAI_HANDOFF: { kind: 'unsupported', meaning: 'a handoff the Swarm cannot carry (its agent cannot be read, `isEnabled: false`, or the handoffs of a ManagerWorkers worker): left out' },
  OAI_HANDOFF_TOOL: { kind: 'approximated', meaning: 'a handoff tool renamed or described otherwise (`handoff(agent, { toolNameOverride, toolDescriptionOverride })`): the Swarm\'s `transfer_to_<Name>` tool, named after the agent and described from its description' },
  OAI_HANDOFF_INPUT: { kind: 'unsupported', meaning: 'a handoff taking an input (`inputType`): the Swarm\'s transfer tool takes none; left out' },
  OAI_HANDOFF_INPUT_FILTER: { kind: 'unsupported', meaning: 'a handoff input filter (`inputFilter`): left out, the recipient sees the whole conversation' },
  OAI_HANDOFF_ENABLED: { kind: 'unsupported', meaning: 'a handoff enabled by a function of the run (`isEnabled: ({ runContext }) => …`): left out, always offered' },
  OAI_HANDOFF_CALLBACK: { kind: 'unsupported', meaning: 'a `handoff()` entry, whose `onHandoff` callback the SDK object does not show: if it has one, the spec does not run it' },
  OAI_AGENT_TOOL: { kind: 'approximated', meaning: 'an agent used as a tool (`agent.asTool()`) where a ManagerWorkers cannot hold it (by a member of a Swarm, or by a worker): a ServerTool whose implementation runs the SDK agent; the agent is imported into `related`' },
  OAI_AGENT_TOOL_SHAPE: { kind: 'approximated', meaning: 'an `agent.asTool()` tool made a worker of a ManagerWorkers: its tool is named after the worker and takes `{ message }` (in place of its `toolName` and `{ input }` or custom parameters)' },
  OAI_AGENT_TOOL_OPTION: { kind: 'unsupported', meaning: 'an `agent.asTool()` option a worker\'s tool cannot have (`needsApproval`, an `isEnabled` function): left out' },
  OAI_GUARDRAIL: { kind: 'unsupported', meaning: 'an output guardrail, or an input guardrail not of the shape a Flow can run (a code-only check, a tripwire that is not one boolean field of a guardrail agent\'s output, an agent in a Swarm or ManagerWorkers): left out' },
  OAI_GUARDRAIL_FLOW: { kind: 'approximated', meaning: 'an input guardrail running an agent whose boolean output field is the tripwire: a Flow runs that agent (AgentNode), branches on the field (BranchingNode) and finishes on `guardrail_tripped` or runs the agent; the guardrail runs before the agent, not alongside it, and its answer is part of the conversation the agent sees' },
  OAI_APPROVAL_FUNCTION: { kind: 'approximated', meaning: 'an approval decided by a function (`needsApproval: async (ctx, input) => …`): requires_confirmation: true, every call asks' },
  OAI_HOSTED_TOOL: { kind: 'unsupported', meaning: 'a tool the SDK runs or OpenAI hosts that no BuiltinTool names (computer, shell, apply patch, a hosted MCP server, …): left out (web search, file search, code interpreter and image generation are BuiltinTools)' },
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
