/**
 * Every warning the AI SDK importer gives, by code: what of a ToolLoopAgent
 * or a generateText / streamText / generateObject call Agent Spec cannot say
 * as it is, and what the import does instead (the README lists each with an
 * example). Stable: added to, never renamed.
 */
export const AI_SDK_IMPORT_WARNINGS = {
  AISDK_MODEL_ENDPOINT: { kind: 'approximated', meaning: 'a model Agent Spec names by its OpenAI-compatible endpoint: an AI Gateway model string (at the gateway URL), a provider other than OpenAI (at its base URL), or one whose base URL cannot be read (at http://localhost)' },
  AISDK_PROVIDER_OPTIONS: { kind: 'unsupported', meaning: "provider options of another provider than the model's: left out" },
  AISDK_INSTRUCTIONS: { kind: 'approximated', meaning: 'several system messages (joined into one system prompt), or provider options on them (left out)' },
  AISDK_STEP_LIMIT: { kind: 'approximated', meaning: '`stopWhen: stepCountIs(n)` or `maxSteps: n`: a step limit is not part of a spec; run it with limits.maxAgentSteps: n' },
  AISDK_STOP_CONDITION: { kind: 'unsupported', meaning: 'a custom stop condition: left out' },
  AISDK_CALL_OPTIONS: { kind: 'approximated', meaning: "call options (`callOptionsSchema` + `prepareCall`): the agent's inputs; what prepareCall writes into the instructions becomes `{{input}}` placeholders of the system prompt (anything else it changes is left out)" },
  AISDK_PREPARE_CALL: { kind: 'unsupported', meaning: 'a prepareCall whose effect cannot be read (it throws on placeholders, or changes more than the instructions): the static settings are imported' },
  AISDK_APPROVAL_FUNCTION: { kind: 'approximated', meaning: 'an approval decided by a function (a tool\'s `needsApproval`, or `toolApproval`): requires_confirmation: true, every call asks' },
  AISDK_OPTIONAL_PROPERTY: { kind: 'approximated', meaning: 'an optional tool parameter without a default: required in Agent Spec' },
  AISDK_STRUCTURED_OUTPUT: { kind: 'approximated', meaning: "`Output.object` or generateObject's `schema`: the agent's outputs (Agent Spec runtimes finish through submit_result unless run with structuredOutput: 'native')" },
  AISDK_OUTPUT_KIND: { kind: 'unsupported', meaning: 'a structured output other than an object (array, enum, choice, no schema): no outputs' },
  AISDK_PROVIDER_TOOL: { kind: 'unsupported', meaning: "a provider-defined tool no BuiltinTool names (another provider's, or OpenAI's computer, shell, MCP, …): left out (OpenAI's web search, file search, code interpreter and image generation are BuiltinTools)" },
  AISDK_DYNAMIC_DESCRIPTION: { kind: 'unsupported', meaning: 'a tool description computed per call: left out' },
  AISDK_SCHEMA_SHAPE: { kind: 'unsupported', meaning: 'a tool input schema that is not an object schema: no inputs' },
  AISDK_OUTPUT_SCHEMA: { kind: 'approximated', meaning: 'a tool output schema with neither a title nor properties: one output named `result`' },
  AISDK_PROMPT: { kind: 'unsupported', meaning: "a prompt or messages in the call settings: the user's messages when running the spec, not part of the agent; left out" },
  AISDK_RUNTIME_VALUE: { kind: 'unsupported', meaning: "a setting of an inline generateText / streamText call made when the function runs (from its parameters or locals, or awaited): it cannot be read without running the function; left out" },
  AISDK_INLINE_CALLS: { kind: 'unsupported', meaning: 'a function making several AI SDK calls: the first is imported, the others left out' },
  AISDK_SETTING: { kind: 'unsupported', meaning: 'a setting with no Agent Spec equivalent (tool choice, callbacks, telemetry, …): left out' },
} as const satisfies Record<string, { kind: 'unsupported' | 'approximated'; meaning: string }>;

export type AiSdkImportWarningCode = keyof typeof AI_SDK_IMPORT_WARNINGS;
