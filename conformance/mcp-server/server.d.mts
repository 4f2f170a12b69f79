import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Names of the tools the conformance MCP server exposes. */
export declare const MCP_TOOLS: Readonly<Record<'add' | 'echo' | 'get_weather' | 'lookup_capital' | 'get_user' | 'fail', unknown>>;

/** A new McpServer with the conformance tools. */
export declare function createConformanceMcpServer(): McpServer;
