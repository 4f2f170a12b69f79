/** MCPTool calls through the official MCP SDK (DESIGN §4.2). */
export { CONNECT_TIMEOUT_MS, McpConnections, readTimeoutMs, type McpCallOptions, type McpToolInfo } from './mcp-connections.js';
export { assertStdioAllowed, createClientTransport, stdioAllowed, type OpenedTransport } from './create-client-transport.js';
export { createAgentFetch, loadMtlsAgent } from './mtls-fetch.js';
export { isSingleStringOutput, mcpResultText, mcpResultValue, type McpToolResult } from './mcp-result-value.js';
export { toMcpError, type McpErrorContext } from './to-mcp-error.js';
export { parseAllowEntry, stdioRefusal, type StdioCommand } from './stdio-policy.js';
export { inlineCodeArg } from './inline-code-flags.js';
export { httpStatusOf, isNetworkFailure, mcpRetryDelay } from './mcp-retry-delay.js';
export { hasToolboxes, resolveToolboxes } from './resolve-toolboxes.js';
