/** Helpers of emitted agents (TypeScript source text). RemoteTool HTTP calls and MCP client connections. */
export const IO_SNIPPETS = {
  http: `/**
 * An HTTP call of a RemoteTool: a host from a placeholder must be in network.allow; 429, 5xx and
 * network errors are retried (limits.http.retries, default 2); each attempt has limits.http.timeoutMs
 * (default 30 s). The body is parsed JSON when it is JSON, else the text.
 */
async function httpCall(url: URL, init: RequestInit, options: BuildOptions, templatedHost: boolean): Promise<unknown> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CodedError('AS_HTTP_REFUSED', \`the URL scheme '\${url.protocol}' is not allowed\`);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = (options.network?.allow ?? []).map((host) => host.trim().toLowerCase());
  if (templatedHost && !allowed.includes(url.hostname) && !allowed.includes(\`\${url.hostname}:\${port}\`)) {
    throw new CodedError('AS_HTTP_REFUSED', \`the host '\${url.hostname}' comes from an input value and is not in network.allow\`);
  }
  const retries = options.limits?.http?.retries ?? 2;
  const timeoutMs = options.limits?.http?.timeoutMs ?? 30_000;
  const where = \`\${init.method ?? 'GET'} \${url.origin}\${url.pathname}\`;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      // a redirect away from a host chosen by input values is refused (it could lead anywhere)
      response = await fetch(url, { ...init, redirect: templatedHost ? 'error' : 'follow', signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      if ((e as Error).name === 'TimeoutError') throw new CodedError('AS_HTTP_TIMEOUT', \`\${where} did not answer within \${timeoutMs} ms\`);
      if (attempt < retries) continue;
      throw new CodedError('AS_HTTP_STATUS', \`\${where} failed, no HTTP answer: \${(e as Error).message}\`, { cause: e });
    }
    const body = await response.text();
    if (response.ok) {
      const json = /[/+]json\\b/.test(response.headers.get('content-type') ?? '') || /^\\s*[[{]/.test(body);
      try {
        return json && body.trim() !== '' ? JSON.parse(body) : body;
      } catch {
        return body;
      }
    }
    if ((response.status === 429 || response.status >= 500) && attempt < retries) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
      continue;
    }
    throw new CodedError('AS_HTTP_STATUS', \`\${where} answered HTTP \${response.status}: \${body.slice(0, 200)}\`);
  }
}`,

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
