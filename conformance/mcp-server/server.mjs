// The MCP server of the conformance cases (CASES.md, "Local servers"): one
// McpServer with a few deterministic tools, served in-process over streamable
// HTTP and SSE by src/servers/mcp.ts, and over stdio by stdio.mjs. Plain
// JavaScript so that `node stdio.mjs` runs it without a build step.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const CAPITALS = { France: 'Paris', Germany: 'Berlin', Italy: 'Rome', Japan: 'Tokyo', Spain: 'Madrid' };
const USERS = {
  1: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
  2: { id: 2, name: 'Alan Turing', email: 'alan@example.com' },
};

const text = (value) => ({ content: [{ type: 'text', text: value }] });

/** The tools every transport serves: name → [description, input shape, handler(args, state)]. */
export const MCP_TOOLS = {
  add: ['Adds two numbers.', { a: z.number(), b: z.number() }, ({ a, b }) => text(String(a + b))],
  echo: ['Returns the text unchanged.', { text: z.string() }, (args) => text(args.text)],
  get_weather: ['Weather in a city.', { city: z.string() }, ({ city }) => text(`sunny, 21°C in ${city}`)],
  lookup_capital: ['Capital of a country.', { country: z.string() }, ({ country }) => text(CAPITALS[country] ?? 'unknown')],
  get_user: ['A user record as JSON text.', { id: z.number().int() }, ({ id }) =>
    USERS[id] ? text(JSON.stringify(USERS[id])) : { isError: true, content: [{ type: 'text', text: `no user ${id}` }] }],
  big: ['A text of `bytes` letters x (at most 50 MB).', { bytes: z.number().int().min(0).max(50 * 1024 * 1024) }, ({ bytes }) => text('x'.repeat(bytes))],
  fail: ['Always reports an error.', { reason: z.string().optional() }, ({ reason }) =>
    ({ isError: true, content: [{ type: 'text', text: `failed: ${reason ?? 'no reason'}` }] })],
  tally: ['Counts its executions per key (a side effect a case can see).', { key: z.string() }, ({ key }, state) => {
    const n = (state.tallies.get(key) ?? 0) + 1;
    state.tallies.set(key, n);
    return text(`tally ${key} #${n}`);
  }],
};

/** What the tools of one server remember between calls (the executions of `tally`); share it to count across connections. */
export function newServerState() {
  return { tallies: new Map() };
}

/** A new McpServer with the conformance tools (one per connection: a server connects to one transport), remembering in `state`. */
export function createConformanceMcpServer(state = newServerState()) {
  const server = new McpServer({ name: 'agentspec-conformance', version: '0.1.0' });
  for (const [name, [description, inputSchema, handler]] of Object.entries(MCP_TOOLS)) {
    server.registerTool(name, { description, inputSchema }, (args) => handler(args, state));
  }
  return server;
}
