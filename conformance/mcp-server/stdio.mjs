#!/usr/bin/env node
// The conformance MCP server over stdio: `${mcp-stdio-command} ${mcp-stdio-args}` in a spec.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createConformanceMcpServer } from './server.mjs';

await createConformanceMcpServer().connect(new StdioServerTransport());
