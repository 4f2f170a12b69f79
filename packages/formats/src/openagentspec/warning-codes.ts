/**
 * Every warning `importOpenAgentSpec` may give, by code: what of an
 * OpenAgentSpec v1 agent the Agent Spec document does not hold exactly, and
 * what it holds instead. A fixed list (the README lists it, a test checks
 * the README and that each code is produced by a sample agent).
 */
export const OPENAGENTSPEC_WARNING_CODES = {
  OAS_LLM_PLACEHOLDER: { kind: 'approximated', what: 'OpenAgentSpec names no model: the Agent has a placeholder OpenAiCompatibleConfig (`http://127.0.0.1:8000/v1`, model `placeholder-model`) unless `llmUrl`/`model` (`--llm-url`, `--model`) were given; point it elsewhere when running (`agentspec run --llm-url`, `llm.override`).' },
  OAS_TOOL_AS_SERVER_TOOL: { kind: 'approximated', what: 'A tool capability: the OpenAgentSpec server describes its tools, the document does not. It becomes a ServerTool taking one string `input`, which you implement (the `tools` registry given at load, by the tool name) and whose inputs you may edit.' },
  OAS_AGENT_AS_TOOL: { kind: 'approximated', what: 'An agent capability (`oagent://name`): multi-agent specs are not run yet, so it becomes a ServerTool taking one string `request`; implement it by running that agent (e.g. its imported spec in a session) and returning its reply.' },
  OAS_REMOTE_AGENT: { kind: 'approximated', what: 'A remote agent capability (`oagent://host/…/name`): never fetched; a ServerTool taking one string `request`, which you implement (e.g. by POSTing to that server); the URL is in the tool\'s metadata.' },
  OAS_TOOL_RENAMED: { kind: 'approximated', what: 'A capability name LLM function names cannot hold (`.`, more than 64 characters) or one used twice: the tool has another name; the reference is in its metadata.' },
  OAS_USER_IDENTITY: { kind: 'unsupported', what: '`user_identity` (absent means true): Agent Spec has no caller identity; a tool runs with whatever credentials its implementation uses.' },
  OAS_STATIC_IDENTITY: { kind: 'unsupported', what: '`static_identity`: no credentials travel with a spec; the identifier is kept in the tool\'s metadata for its implementation.' },
  OAS_COLLECT_RESULTS: { kind: 'unsupported', what: '`collect_results: false`: tool results always go into the conversation.' },
  OAS_REVIEW_AS_CONFIRMATION: { kind: 'approximated', what: '`require_review`: the tool `requires_confirmation` (Agent Spec 25.4.2); the run stops for whoever drives the session to approve each call, not for the named reviewer (kept in the tool\'s metadata).' },
  OAS_OUTPUT_REVIEW: { kind: 'approximated', what: '`output_restriction.require_review`: the confirmation is asked before the call, not after it with its output.' },
  OAS_REVIEW_DROPPED: { kind: 'unsupported', what: '`require_review` with a target version before 25.4.2, which has no `requires_confirmation`: no review happens.' },
  OAS_ASSERTION: { kind: 'unsupported', what: 'A CEL `assertion` of a restriction: expressions of a document are never evaluated; kept in the tool\'s metadata.' },
  OAS_GUARDRAIL: { kind: 'unsupported', what: 'A guardrail (tool and CEL assertion): not run; kept in the agent\'s metadata.' },
  OAS_EXPOSES: { kind: 'unsupported', what: '`exposes` (CEL selections of the engagement): not evaluated; kept in the agent\'s metadata.' },
  OAS_SHORT_CIRCUIT: { kind: 'unsupported', what: '`lifespan.short_circuit`: repeated tool-call sequences are not detected; the runtime\'s `limits.maxAgentSteps` bounds the agent loop instead.' },
  OAS_INTENT_BRACES: { kind: 'approximated', what: 'The intent contains `{{`, which Agent Spec reads as a placeholder: written `{ {` so the system prompt has no inputs.' },
  OAS_UNKNOWN_FIELD: { kind: 'unsupported', what: 'A field OpenAgentSpec v1 does not define: not acted on; kept in metadata.' },
} as const satisfies Record<string, { readonly kind: 'unsupported' | 'approximated'; readonly what: string }>;

export type OpenAgentSpecWarningCode = keyof typeof OPENAGENTSPEC_WARNING_CODES;
