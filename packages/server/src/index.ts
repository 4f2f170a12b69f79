// @agentspec/server — serve an Agent Spec on any runtime over AG-UI, A2A, MCP
// and the Agent Client Protocol, with a chat API, guards and bearer auth.
export { startAgentServer, requestHandler, type AgentServer, type AgentServerOptions, type Route } from './agent-server.js';
export { SessionHost, type RuntimeFactory, type SessionHostOptions, type SessionMeta, type SessionView, type TurnInput, type TurnResult } from './session-host.js';
export { ServedTraces } from './served-traces.js';
export type { TraceView } from './traces-route.js';
export { DEFAULT_GUARDS, RunGuard, type GuardLimits, type Usage } from './guards.js';
export { errorBody, errorStatus, SERVER_ERROR_CODES, ServerError, type ErrorBody, type ServerErrorCode } from './errors.js';
export { frontendTools, withClientTools, type FrontendTool } from './frontend-tools.js';
export { isLoopback } from './http/bearer-auth.js';
export { acpAgent } from './acp/acp-agent.js';
export { connectAcp } from './acp/acp-stdio.js';
export { agentCard } from './a2a/agent-card.js';
export { SpecAgentExecutor } from './a2a/a2a-executor.js';
export { SessionTaskStore } from './a2a/session-task-store.js';
export { playgroundHtml, type PlaygroundOptions } from './playground/playground-html.js';
export { SERVER_VERSION } from './version.js';
