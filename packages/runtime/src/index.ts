// @agentspec/runtime — the execution semantics of Agent Spec written once, the
// Runnable contract every runtime satisfies, and the reference interpreter.

// The contract
export type {
  App, Decision, HostLookup, HttpLimits, LlmOptions, Message, NetworkPolicy, Role, RunStatus, Runtime, RuntimeLimits, RuntimeLoadOptions,
  SavedSession, Session, StartOptions, StatusType, StdioAllowEntry, ToolCall, ToolRegistry, ToolResult,
} from './contract.js';
export { RUNTIME_ERROR_CODES, RuntimeError, type ErrorSite, type RuntimeErrorCode } from './errors.js';
export {
  checkLoadOptions, checkOptions, checkRuntimeOptions, closestKey, describeRule, LOAD_OPTIONS, OptionsError, type OptionRule, type OptionShape,
} from './options/index.js';
export { eventStream } from './event-stream.js';

// The session kernel every runtime's sessions run on (DESIGN §2.1)
export * from './session/index.js';
export { SPAN_OF, type RunEndEvent, type RuntimeEvent, type SpanType, type TraceEvent, type TraceEventType } from './events.js';
// A run's events as a span tree (Agent Spec Tracing): recorded, written as JSON, compared across runtimes
export * from './trace/index.js';

// Named sessions outside a process (SQLite file, PostgreSQL)
export { openSessionStore, storeLocation, type SessionStore, type StoredSession, type StoreLocation, type WriteOptions } from './store/session-store.js';
export { DEFAULT_LEASE_TTL_MS, type Lease, type LeaseOptions } from './store/lease.js';
export { acquireFileLease } from './store/file-lease.js';
export { specHash } from './store/spec-hash.js';
export { redactUrl, redactUrlsIn } from './store/redact-url.js';

// The reference interpreter
export { referenceRuntime, type ReferenceRuntimeOptions } from './reference-runtime.js';
export { referenceAdapter } from './reference-adapter.js';
export type { AdapterWarning, CompiledProgram, EmitOptions, EmittedModule, FrameworkAdapter, ImportedComponent } from './adapter.js';

// Walking a spec's components, checks at load (shared with the framework runtimes and emitters)
export { eachComponent, requireServerTools, serverToolNames } from './components.js';
export { replaceComponents } from './replace-components.js';
export { admit, admitted, refuseUnknown, unsupportedComponent, type AdmitContext } from './admit/admit.js';
export {
  A2A_AGENTS, GENERIC_LLM_CONFIG, INTERPRETED_LATER_NODES, MCP_TOOLBOXES, MTLS_TRANSPORTS_NOT_EMITTED, MULTI_AGENT_COMPONENTS, MULTI_AGENT_ROOTS, NO_CLIENT_HERE, OCI_GENAI_UNLESS_OVERRIDE, remoteAgents,
  TRANSFORMS_AND_DATASTORES, EMITTED_TRANSFORMS, type Capabilities, type Refusal,
} from './admit/capabilities.js';
export { REFERENCE_CAPABILITIES } from './admit/reference-capabilities.js';
export { dispatchLaterNode, type LaterNodeHandlers, type LaterNodeType } from './admit/later-node-dispatch.js';

// Message transforms and datastores (Agent Spec 26.1.2)
export { hasTransforms, openTransforms, type AgentTransforms, type OpenTransformsOptions } from './transforms/agent-transforms.js';
export { SUMMARIZATION_DEFAULTS, summarizeConversation, summarizeMessages, type TransformCall } from './transforms/summarization.js';
export { CACHE_PROPERTIES, SummaryCache, type SummaryCacheOptions } from './transforms/summary-cache.js';
export { backendTransformCall, llmMessages, type BackendTransformCallOptions, type TransformTrace } from './transforms/transform-call.js';
export type { DatastoreConnection, Entity, Where } from './datastores/datastore-connection.js';
export { openDatastore } from './datastores/open-datastore.js';
export { inMemoryDatastore } from './datastores/in-memory-datastore.js';
export { postgresDatastore, type PostgresConnectionFields } from './datastores/postgres-datastore.js';
export { postgresTlsAttempts, type PostgresTlsFields, type SslMode } from './datastores/postgres-tls.js';
export { collectionSchemas, type CollectionSchemas, type PropertySchema } from './datastores/entity-schema.js';

// A2AAgent: the A2A client and the semantics of a remote agent's turns
export { a2aConnection, A2A_SESSION_DEFAULTS, type A2aConnection, type A2aConnectionOptions, type A2aReply, type A2aThread } from './a2a/a2a-client.js';
export { a2aConnections, hasA2aAgents, type A2aConnections } from './a2a/a2a-connections.js';
export { a2aAgentApp, type A2aEngineState } from './a2a/a2a-agent-app.js';
export { a2aFetch, DEFAULT_A2A_TIMEOUT_S, type A2aFetch, type A2aFetchOptions } from './a2a/a2a-fetch.js';
export { a2aOutputs, a2aPending, a2aReplyMessage, nextThread } from './semantics/a2a-agent.js';

// Running tools (ServerTool registry, RemoteTool over HTTP, MCPTool)
export { coerceArgs, toolRunner, type ToolRunner, type ToolRunnerOptions } from './interpreter/tool-runner.js';

// LLM access
export { generationParams, type GenerationParams, type LlmBackend, type LlmMessage, type LlmRequest, type LlmResponse } from './llm/backend.js';
export { openAiBaseUrl, resolveEndpoint, specLlmBaseUrl, type Endpoint } from './llm/endpoint.js';
export { apiTypeRefusal, hasApiType, LLM_API_TYPES, llmApi, usesResponsesApi, type LlmApi } from './llm/llm-api.js';
export { genericLlmTarget, hasGenericLlmConfigs, isGenericLlmConfig, OPENAI_COMPATIBLE_API_PROVIDERS, type GenericLlmTarget } from './llm/generic-llm-config.js';
export { parseResponse, readResponsesStream, responsesRequestBody } from './llm/openai-responses.js';
export {
  builtinToolRefusal, hasBuiltinTools, HOSTED_TOOL_EXECUTORS, HOSTED_TOOLS, hostedToolDefinition, type BuiltinToolSupport, type HostedToolKind,
} from './semantics/builtin-tools.js';
export { aiSdkProviderTool, type AiSdkProviderTool } from './semantics/ai-sdk-provider-tool.js';
export { connectionFailure } from './llm/connection-error.js';
export { llmConnectionLost, llmConnectionLostError, llmErrorDetail, llmHttpError, openAiErrorBody } from './llm/llm-http-error.js';
export { openAiChatBackend, parseCompletion, requestBody } from './llm/openai-chat.js';
export { usageAttribute, type TokenUsage } from './llm/token-usage.js';
export { DEFAULT_LLM_RETRIES, llmRetryPolicy, retryingFetch, type LlmRetryOptions } from './llm/retrying-fetch.js';
export { DEFAULT_LLM_TIMEOUT_MS, providerFetch } from './llm/provider-fetch.js';
export {
  errorCodeOfBody, isTlsFailure, llmRetryOptions, specRetryable, specRetryDelay, specRetryDelayMs, specRetryPolicy, type Jitter, type SpecFailure, type SpecRetryPolicy,
} from './llm/spec-retry-policy.js';

// The semantics, as pure functions (shared with the framework compilers)
export { renderDeep, renderTemplate, renderValue, templateRenderer } from './semantics/templates.js';
export { coerce } from './semantics/coercion.js';
export { resolveInputs, shapeOutputs } from './semantics/inputs.js';
export { DataFlow } from './semantics/data-flow.js';
export { FlowRules, type DataSpace, type MutableDataSpace } from './semantics/flow-rules.js';
export { llmNodeOutputPlan, llmNodeOutputs, llmNodeStructuredOutputs, type LlmNodeOutputPlan } from './semantics/llm-node-output.js';
export { selectBranch } from './semantics/branching.js';
export { finishFlow } from './semantics/flow-outputs.js';
export { collect, mapIterations, reduce, type MapLike } from './semantics/map-reduce.js';
export { DEFAULT_PARALLELISM, mergeSubflowOutputs, runBounded, subflowInputs } from './semantics/parallel.js';
export { SettlingTasks } from './semantics/settling-tasks.js';
export { caughtExceptionInfo, caughtOutcome, isCatchable } from './semantics/catch-exception.js';
export { agentAnswer, agentBlurb, agentToolName, askedMessage, checkAskDepth, checkToolNames, countHandoff, DEFAULT_MAX_HANDOFFS, handoffLimitError, memberAgent } from './semantics/multi-agent.js';
export {
  handoffMode, SEND_MESSAGE_PREFIX, sendMessageSpec, swarmAgents, swarmLinks, swarmRecipients, TRANSFER_PREFIX, transferIgnored, transferResult, transferSpec,
  type HandoffMode, type SwarmLink,
} from './semantics/swarm.js';
export { managerWorkers, workerToolSpec } from './semantics/manager-workers.js';
export { specializeAgent, specializeAgents } from './semantics/specialized-agent.js';
export { checkManagerWorkers, checkMultiAgent, checkSwarm } from './interpreter/run-multi-agent.js';
export { mapToolResult, toolResultText } from './semantics/tool-results.js';
export { checkToolCalls, parseToolArguments, type RawToolCall } from './semantics/tool-call-check.js';
export { inputsOf, mergeToolboxTools, TOOLBOX_TOOL_OUTPUT, toolboxTools } from './semantics/toolbox-tools.js';
export { parametersSchema, SUBMIT_RESULT, submissionProblem, submitResultSpec, toolSpec, type ToolSpec } from './semantics/agent-tools.js';
export * from './http/index.js';
export * from './mcp/index.js';

// Emitting TypeScript (shared by the framework emitters; the whole toolkit — escaped literals, identifiers, the module writer — is @agentspec/runtime/emit)
export { EMIT_SNIPPETS, outputRules, snippetsFor, type OutputRule, type Snippet, type SnippetName } from './emit/index.js';
