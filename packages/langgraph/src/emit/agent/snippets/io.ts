/** Helpers of emitted agents (TypeScript source text): MCP client connections. (RemoteTool HTTP calls are the shared httpCall of @agentspec/runtime.) */
export const IO_SNIPPETS = {
  mcp: `/** MCP client connections, one per server, opened on first use and reused; close() ends them. */
class McpConnections {
  private readonly clients = new Map<string, Promise<Client>>();

  connect(server: string, transport: () => Transport): Promise<Client> {
    let client = this.clients.get(server);
    if (!client) {
      const opening = (async () => {
        const c = new Client({ name: 'agentspec-langgraph', version: '1.0.0' });
        try {
          await c.connect(transport());
        } catch (e) {
          throw new CodedError('AS_MCP', \`cannot connect to the MCP server '\${server}': \${(e as Error).message}\`, { cause: e });
        }
        return c;
      })();
      opening.catch(() => this.clients.delete(server));
      this.clients.set(server, (client = opening));
    }
    return client;
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.allSettled(clients.map(async (c) => (await c).close()));
  }
}

/**
 * Call a tool on an MCP server. An error result fails the run (AS_TOOL_FAILED). The value: the text
 * content for a single string output, else structured content or the text parsed as JSON.
 */
async function callMcpTool(client: Client, name: string, args: Record<string, unknown>, textOutput: boolean): Promise<unknown> {
  let result: Awaited<ReturnType<Client['callTool']>>;
  try {
    result = await client.callTool({ name, arguments: args });
  } catch (e) {
    throw new CodedError('AS_TOOL_FAILED', \`calling the MCP tool '\${name}' failed: \${(e as Error).message}\`, { cause: e });
  }
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
