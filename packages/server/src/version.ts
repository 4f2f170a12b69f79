import { createRequire } from 'node:module';

/** This package's version (`GET /health`, the A2A agent card, the MCP server info). */
export const SERVER_VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
