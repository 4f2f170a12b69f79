import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ASSISTANT, INTAKE_FLOW, serve, spec, type Served } from './fixtures.js';

let served: Served | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await served?.close();
  served = undefined;
  client = undefined;
});

async function connect(s: Served, token?: string): Promise<Client> {
  const c = new Client({ name: 'test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${s.server.url}/mcp`), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}));
  return c;
}

describe('MCP (Streamable HTTP at /mcp) with the @modelcontextprotocol/sdk client', () => {
  it('lists the flow as one tool (inputs → inputSchema, outputs → outputSchema) and calls it across a user-input pause', async () => {
    served = await serve(spec(INTAKE_FLOW));
    client = await connect(served);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['Intake']);
    expect(tools[0]?.inputSchema.properties).toHaveProperty('topic');
    expect(tools[0]?.outputSchema?.properties).toHaveProperty('reply');
    const first = await client.callTool({ name: 'Intake', arguments: { topic: 'network' } });
    expect(first.structuredContent).toMatchObject({ status: 'user_input', reply: 'What is your network question?' });
    const session = (first.structuredContent as { session: string }).session;
    const done = await client.callTool({ name: 'Intake', arguments: { session, message: 'my wifi drops' } });
    expect(done.isError).toBeFalsy();
    expect(done.structuredContent).toEqual({ reply: 'Restart the router.', status: 'finished', session });
  });

  it('calls an agent with a message, answers a confirmation with approved, and reports a failed run as a tool error with its code', async () => {
    served = await serve(spec(ASSISTANT));
    client = await connect(served);
    const asked = await client.callTool({ name: 'Assistant', arguments: { message: 'delete /tmp/a.txt' } });
    expect(asked.structuredContent).toMatchObject({ status: 'tool_confirmation', requests: [{ name: 'delete_file' }] });
    const session = (asked.structuredContent as { session: string }).session;
    const done = await client.callTool({ name: 'Assistant', arguments: { session, approved: true } });
    expect(done.structuredContent).toMatchObject({ status: 'user_input', reply: 'Done, the file is gone.' });
    const failed = await client.callTool({ name: 'Assistant', arguments: { message: 'broken' } });
    expect(failed.isError).toBe(true);
    expect((failed.content as { text: string }[])[0]?.text).toMatch(/^AS_LLM_HTTP: /);
  });

  it('works behind the bearer token', async () => {
    served = await serve(spec(ASSISTANT), { token: 'mcp-token' });
    await expect(connect(served)).rejects.toThrow();
    client = await connect(served, 'mcp-token');
    expect((await client.listTools()).tools).toHaveLength(1);
  });
});
