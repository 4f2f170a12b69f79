import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Names of the tools the conformance MCP server exposes. */
export declare const MCP_TOOLS: Readonly<Record<'add' | 'echo' | 'get_weather' | 'lookup_capital' | 'get_user' | 'big' | 'fail' | 'tally', unknown>>;

/** What the tools of one server remember between calls (the executions of `tally`). */
export interface ServerState {
  readonly tallies: Map<string, number>;
}

export declare function newServerState(): ServerState;

/** A new McpServer with the conformance tools, remembering in `state` (default: its own). */
export declare function createConformanceMcpServer(state?: ServerState): McpServer;
