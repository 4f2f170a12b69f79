import type { Helper } from './helper.js';

/** MCP servers through the SDK's own MCP classes, connected on their first call. */
export const mcpServer: Helper = {
  declares: ['McpConnection'],
  needs: ['codedError'],
  imports: { '@openai/agents': ['type CallToolResult', 'type MCPServerSSE', 'type MCPServerStdio', 'type MCPServerStreamableHttp'] },
  code: `/** An MCP server of the SDK, connected on the first call of one of its tools; \`close()\` disconnects it. */
class McpConnection {
  #server: MCPServerStdio | MCPServerSSE | MCPServerStreamableHttp | undefined;
  #connected: Promise<void> | undefined;

  constructor(private readonly open: () => MCPServerStdio | MCPServerSSE | MCPServerStreamableHttp) {}

  async callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    const server = (this.#server ??= this.open());
    this.#connected ??= server.connect().catch((error: unknown) => {
      this.#connected = undefined;
      this.#server = undefined;
      throw new CodedError('AS_MCP', \`cannot connect to the MCP server '\${server.name}': \${String(error)}\`, { cause: error });
    });
    await this.#connected;
    try {
      return await server.callToolResult(name, args, null, signal ? { signal } : undefined);
    } catch (error) {
      throw new CodedError('AS_TOOL_FAILED', \`calling tool '\${name}' on '\${server.name}' failed: \${String(error)}\`, { cause: error });
    }
  }

  async close(): Promise<void> {
    const server = this.#server;
    const connected = this.#connected;
    this.#server = undefined;
    this.#connected = undefined;
    if (server && connected) await connected.then(() => server.close(), () => undefined);
  }
}`,
};

export const mcpValue: Helper = {
  declares: ['mcpValue'],
  needs: ['codedError', 'isObject'],
  imports: { '@openai/agents': ['type CallToolResult'] },
  code: `/**
 * The value of an MCP tool call: an error result fails the run (AS_TOOL_FAILED); \`text\` is the text content
 * verbatim (one string output); \`json\` is the structured content, else the text parsed as JSON (\`any\`:
 * else the text).
 */
function mcpValue(result: CallToolResult, as: 'text' | 'json' | 'any'): unknown {
  const content: unknown[] = Array.isArray(result.content) ? result.content : [];
  const texts = content.filter((c): c is { type: 'text'; text: string } => isObject(c) && c.type === 'text' && typeof c.text === 'string');
  const text = texts.map((c) => c.text).join('\\n');
  if (result.isError === true) throw new CodedError('AS_TOOL_FAILED', \`the MCP tool reported an error: \${text.slice(0, 500) || '(no text)'}\`);
  const structured: unknown = result.structuredContent;
  if (as === 'text') return texts.length > 0 || structured === undefined ? text : JSON.stringify(structured);
  if (structured !== undefined && structured !== null) return structured;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (as === 'any') return text;
    throw new CodedError('AS_TOOL_RESULT_SHAPE', 'the MCP tool answered text that is not JSON, but its outputs are not a single string');
  }
}`,
};
