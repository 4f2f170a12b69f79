import type { Helper } from './helper.js';

/** MCP servers through the SDK's own MCP classes, connected on their first call; each call made by mcpRequest. */
export const mcpServer: Helper = {
  declares: ['McpConnection', 'McpServerClass'],
  needs: ['codedError', 'mcpRequest'],
  imports: { '@openai/agents': ['type CallToolResult', 'type MCPServerSSE', 'type MCPServerStdio', 'type MCPServerStreamableHttp'] },
  code: `/** An MCP server class of the SDK. */
type McpServerClass = MCPServerStdio | MCPServerSSE | MCPServerStreamableHttp;

/**
 * An MCP server of the SDK, connected on the first call of one of its tools (again after a failure); \`close()\`
 * disconnects it. Its calls go through mcpRequest: the runtime's retries under the tool's retry_policy and its error
 * codes. \`open\` gets the fetch a remote server must use: it notes the HTTP status of a refused POST, which the SDK's
 * errors lose when they hide a URL with a query (a call's failure then carries it; concurrent calls may mix them).
 */
class McpConnection {
  #server: McpServerClass | undefined;
  #connected: Promise<void> | undefined;
  #refused: number | undefined;
  readonly #fetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok && init?.method === 'POST') this.#refused = response.status;
    return response;
  };

  readonly #link: McpLink<McpServerClass> = {
    open: () => this.#noted(async () => {
      const server = (this.#server ??= this.open(this.#fetch));
      this.#connected ??= server.connect().catch((error: unknown) => {
        this.#connected = undefined;
        this.#server = undefined;
        throw error;
      });
      await this.#connected;
      return server;
    }),
    drop: async (server) => {
      if (this.#server === server) {
        this.#server = undefined;
        this.#connected = undefined;
      }
      await server.close();
    },
  };

  constructor(private readonly open: (fetch: typeof globalThis.fetch) => McpServerClass) {}

  callTool(request: McpRequest, args: Record<string, unknown>): Promise<CallToolResult> {
    return mcpRequest(request, this.#link, (server, signal) => this.#noted(() => server.callToolResult(request.tool, args, null, { signal })));
  }

  async close(): Promise<void> {
    const server = this.#server;
    const connected = this.#connected;
    this.#server = undefined;
    this.#connected = undefined;
    if (server && connected) await connected.then(() => server.close(), () => undefined);
  }

  /** What \`run\` does; its failure carries the HTTP status a remote server refused it with (as \`status\`). */
  async #noted<T>(run: () => Promise<T>): Promise<T> {
    this.#refused = undefined;
    try {
      return await run();
    } catch (error) {
      const status = this.#refused;
      if (status === undefined || mcpHttpStatus(error) !== undefined) throw error;
      throw Object.assign(new Error(\`the MCP server answered HTTP \${status}\`, { cause: error }), { status });
    }
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
