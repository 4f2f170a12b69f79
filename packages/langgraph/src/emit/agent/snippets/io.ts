/** Helpers of emitted agents (TypeScript source text): MCP client connections. (RemoteTool HTTP calls are the shared httpCall of @agentspec/runtime.) */
export const IO_SNIPPETS = {
  mcp: `/** MCP client connections, one per server, opened on first use (again after a failure or a drop) and reused; close() ends them. */
class McpConnections {
  private readonly clients = new Map<string, Promise<Client>>();

  /** The connection of \`server\` for mcpRequest. */
  link(server: string, transport: () => Transport): McpLink<Client> {
    return {
      open: () => {
        let client = this.clients.get(server);
        if (!client) {
          const c = new Client({ name: 'agentspec-langgraph', version: '1.0.0' });
          const opening = c.connect(transport()).then(() => c);
          opening.catch(() => this.clients.get(server) === opening && this.clients.delete(server));
          this.clients.set(server, (client = opening));
        }
        return client;
      },
      drop: async (client) => {
        const current = this.clients.get(server);
        if (current && (await current.catch(() => undefined)) === client) this.clients.delete(server);
        await client.close();
      },
    };
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.allSettled(clients.map(async (c) => (await c).close()));
  }
}

/**
 * Call a tool on an MCP server with mcpRequest (retries under the request's retry_policy; AS_MCP, AS_TOOL_FAILED,
 * AS_CANCELLED as the runtime reports them). An error result fails the run (AS_TOOL_FAILED). The value: the text
 * content for a single string output, else structured content or the text parsed as JSON.
 */
async function callMcpTool(request: McpRequest, link: McpLink<Client>, args: Record<string, unknown>, textOutput: boolean): Promise<unknown> {
  const result = await mcpRequest(request, link, (client, signal) => client.callTool({ name: request.tool, arguments: args }, undefined, { signal }));
  const blocks = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  const text = blocks.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text).join('\\n');
  if (result.isError === true) throw new CodedError('AS_TOOL_FAILED', \`the MCP tool reported an error: \${text.slice(0, 500) || '(no text)'}\`);
  if (textOutput) return blocks.some((b) => b.type === 'text') || result.structuredContent === undefined ? text : JSON.stringify(result.structuredContent);
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}`,
} as const;
