import type { Agent, ClientTransport, Component, Flow, MCPToolBox, MCPToolSpec, Tool } from '@agentspec/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasToolboxes, inputsOf, McpConnections, mergeToolboxTools, replaceComponents, resolveToolboxes, TOOLBOX_TOOL_OUTPUT, toolboxTools, toolRunner, type McpToolInfo,
} from '../../src/index.js';
import { startMcpServer, type McpTestServer } from './mcp-test-servers.js';
import { remote } from './transports.js';

const transport = remote('http://127.0.0.1:9/mcp', 'streamable');
const box = (fields: Partial<MCPToolBox> = {}): MCPToolBox => ({ component_type: 'MCPToolBox', id: 'box', name: 'box', client_transport: transport, ...fields });
const spec = (fields: Record<string, unknown>) => ({ component_type: 'MCPToolSpec', id: `spec_${String(fields.name)}`, ...fields }) as unknown as MCPToolSpec;
const LISTED: McpToolInfo[] = [
  { name: 'add', description: 'Add two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
  { name: 'echo', description: 'Echo', inputSchema: { type: 'object', properties: { text: { type: 'string', title: 'T' }, parts: { type: 'number' }, sep: { type: 'string', default: ' ' } }, required: ['text'] } },
  { name: 'ping', inputSchema: { type: 'object' } },
];
const POLICY = { max_attempts: 2, initial_retry_delay: 0.01 };

describe('the tools of an MCPToolBox (toolboxTools)', () => {
  it('without a tool_filter: every listed tool in order, as MCPTools on the toolbox transport, with the server schemas', () => {
    const tools = toolboxTools(box(), LISTED);
    expect(tools.map((t) => t.name)).toEqual(['add', 'echo', 'ping']);
    expect(tools[0]).toEqual({
      component_type: 'MCPTool', id: 'box.add', name: 'add', description: 'Add two numbers',
      inputs: [{ title: 'a', type: 'number' }, { title: 'b', type: 'number' }], outputs: [TOOLBOX_TOOL_OUTPUT], client_transport: transport,
    });
    expect(tools[0]!.client_transport).toBe(transport);
    // an optional parameter defaults to null (left out of the call), the schema's own default and title are kept/dropped
    expect(tools[1]!.inputs).toEqual([{ title: 'text', type: 'string' }, { title: 'parts', type: 'number', default: null }, { title: 'sep', type: 'string', default: ' ' }]);
    expect(tools[2]).not.toHaveProperty('description');
    expect(tools[2]!.inputs).toEqual([]);
  });

  it("the toolbox's requires_confirmation and retry_policy become each tool's", () => {
    const tools = toolboxTools(box({ requires_confirmation: true, retry_policy: POLICY }), LISTED);
    expect(tools.every((t) => t.requires_confirmation === true && t.retry_policy === POLICY)).toBe(true);
  });

  it('a tool_filter picks by name and by MCPToolSpec, in its order; a spec gives the description, inputs, output and confirmation', () => {
    const tools = toolboxTools(box({
      tool_filter: [
        spec({ name: 'add', description: 'Sum.', inputs: [{ title: 'b', type: 'number', description: 'second' }, { title: 'a', type: 'number' }], outputs: [{ title: 'sum', type: 'string' }], requires_confirmation: true }),
        'ping',
      ],
    }), LISTED);
    expect(tools.map((t) => t.name)).toEqual(['add', 'ping']);
    expect(tools[0]).toMatchObject({ description: 'Sum.', inputs: [{ title: 'b', type: 'number', description: 'second' }, { title: 'a', type: 'number' }], outputs: [{ title: 'sum', type: 'string' }], requires_confirmation: true });
    expect(tools[1]).not.toHaveProperty('requires_confirmation');
    // an MCPToolSpec read from a document without inputs or outputs has empty lists: the server's are kept
    expect(toolboxTools(box({ tool_filter: [spec({ name: 'echo', inputs: [], outputs: [] })] }), LISTED)[0]).toMatchObject({ inputs: [{ title: 'text' }, { title: 'parts' }, { title: 'sep' }], outputs: [TOOLBOX_TOOL_OUTPUT] });
  });

  it('what does not fit the server is AS_TOOLBOX, saying what', () => {
    expect(() => toolboxTools(box({ tool_filter: ['add', 'nope'] }), LISTED)).toThrow(/AS_TOOLBOX: MCPToolBox 'box': its tool_filter names 'nope', which its MCP server does not list \(it lists: add, echo, ping\)/);
    expect(() => toolboxTools(box({ tool_filter: [spec({ name: 'add', inputs: [{ title: 'a', type: 'integer' }, { title: 'c', type: 'number' }] })] }), LISTED))
      .toThrow(/'a' is integer, the tool's is number; 'c' is not a parameter of the tool; the tool's parameter 'b' is missing/);
    expect(() => toolboxTools(box({ tool_filter: [spec({ name: 'add', outputs: [{ title: 'sum', type: 'number' }] })] }), LISTED)).toThrow(/must be one string property, not a "number" one/);
    expect(() => toolboxTools(box({ tool_filter: [spec({ name: 'add', outputs: [{ title: 'x', type: 'string' }, { title: 'y', type: 'string' }] })] }), LISTED)).toThrow(/not 2/);
  });

  it('inputsOf reads any input schema, and union types compare as sets', () => {
    expect(inputsOf({})).toEqual([]);
    expect(inputsOf({ properties: { x: { type: ['null', 'string'] } }, required: ['x'] })).toEqual([{ title: 'x', type: ['null', 'string'] }]);
    const listed: McpToolInfo[] = [{ name: 'u', inputSchema: { properties: { x: { type: ['null', 'string'] } }, required: ['x'] } }];
    expect(toolboxTools(box({ tool_filter: [spec({ name: 'u', inputs: [{ title: 'x', type: ['string', 'null'] }] })] }), listed)).toHaveLength(1);
  });

  it("the agent's tools come first; two tools of one name are AS_TOOLBOX naming both", () => {
    const own: Tool[] = [{ component_type: 'ServerTool', id: 's', name: 'add' }];
    const tools = toolboxTools(box(), LISTED);
    expect(mergeToolboxTools([], [{ toolbox: box(), tools }]).map((t) => t.name)).toEqual(['add', 'echo', 'ping']);
    expect(() => mergeToolboxTools(own, [{ toolbox: box(), tools }])).toThrow(/tool 'add' of MCPToolBox 'box' has the name of the agent's tool 'add'/);
    expect(() => mergeToolboxTools([], [{ toolbox: box(), tools }, { toolbox: box({ name: 'other' }), tools }])).toThrow(/tool 'add' of MCPToolBox 'other' has the name of tool 'add' of MCPToolBox 'box'/);
  });
});

describe('replaceComponents', () => {
  const llm = { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:9' } as Component;
  const agent = (id: string): Agent => ({ component_type: 'Agent', id, name: id, system_prompt: 'x', llm_config: llm as Agent['llm_config'], tools: [] });
  const a = agent('a');
  const b = agent('b');
  const node = (id: string, ag: Agent) => ({ component_type: 'AgentNode', id, name: id, agent: ag, branches: ['next'] }) as unknown as Component;
  const n1 = node('n1', a);
  const n2 = node('n2', a);
  const n3 = node('n3', b);
  const root = { component_type: 'Flow', id: 'f', name: 'f', nodes: [n1, n2, n3], control_flow_connections: [{ from_node: n1, to_node: n2 }] } as unknown as Flow;

  it('copies only what leads to a replaced component, keeps everything else and keeps shared components shared', () => {
    const a2 = agent('a2');
    const out = replaceComponents(root, new Map([[a as Component, a2 as Component]])) as unknown as { nodes: { agent: Agent }[]; control_flow_connections: { from_node: unknown; to_node: unknown }[] };
    expect(out).not.toBe(root);
    expect(out.nodes[0]!.agent).toBe(a2);
    expect(out.nodes[1]!.agent).toBe(a2);
    expect(out.nodes[2]).toBe(n3);
    expect(out.nodes[2]!.agent).toBe(b);
    // the edges name the same (copied) node objects as `nodes`
    expect(out.control_flow_connections[0]!.from_node).toBe(out.nodes[0]);
    expect(out.control_flow_connections[0]!.to_node).toBe(out.nodes[1]);
    expect((out.nodes[0] as unknown as { llm_config?: unknown }).llm_config).toBeUndefined();
    expect(root.nodes[0]).toBe(n1);
    expect((n1 as unknown as { agent: Agent }).agent).toBe(a);
  });

  it('returns the root itself when nothing inside it is replaced', () => {
    expect(replaceComponents(root, new Map())).toBe(root);
    expect(replaceComponents(root, new Map([[agent('elsewhere') as Component, b as Component]]))).toBe(root);
  });
});

describe('resolveToolboxes against a real MCP server', () => {
  let server: McpTestServer;
  beforeAll(async () => {
    server = await startMcpServer('streamable');
  });
  afterAll(() => server.close());

  const llm = { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:9' } as Agent['llm_config'];
  const withBox = (id: string, toolbox: Component, tools: Tool[] = []): Agent => ({ component_type: 'Agent', id, name: id, system_prompt: 'x', llm_config: llm, tools, toolboxes: [toolbox] });

  it("gives each agent its toolboxes' tools (listed once per toolbox), keeps the spec given as it is", async () => {
    const t = remote(server.url, 'streamable');
    const toolbox = box({ client_transport: t, tool_filter: ['add', 'echo'] }) as unknown as Component;
    const first = withBox('first', toolbox);
    const second = withBox('second', toolbox, [{ component_type: 'ClientTool', id: 'ask', name: 'ask' }]);
    const flow = { component_type: 'Flow', id: 'f', name: 'f', nodes: [{ component_type: 'AgentNode', id: 'n1', name: 'n1', agent: first }, { component_type: 'AgentNode', id: 'n2', name: 'n2', agent: second }] } as unknown as Flow;
    expect(hasToolboxes(flow)).toBe(true);
    const sessions = server.sessions();
    const resolved = await resolveToolboxes(flow);
    // one connection for the shared toolbox, closed when done
    expect(server.sessions() - sessions).toBe(1);
    const agents = (resolved as unknown as { nodes: { agent: Agent }[] }).nodes.map((n) => n.agent);
    expect(agents.map((a) => a.tools.map((x) => x.name))).toEqual([['add', 'echo'], ['ask', 'add', 'echo']]);
    expect(agents.every((a) => !('toolboxes' in a))).toBe(true);
    expect(agents[0]!.tools[0]).toBe(agents[1]!.tools[1]);
    expect(hasToolboxes(resolved)).toBe(false);
    expect(first.toolboxes).toHaveLength(1);
    expect(first.tools).toEqual([]);
    // the tools run like any MCPTool; an optional parameter left to its null default is not sent
    const runner = toolRunner();
    try {
      expect(await runner.run(agents[0]!.tools[1]!, { text: 'hi' }, {})).toBe('hi');
      expect(await runner.run(agents[0]!.tools[0]!, { a: 2, b: 40 }, {})).toBe('{"sum":42}');
    } finally {
      await runner.close();
    }
  });

  it('returns a spec without toolboxes as it is, without connecting', async () => {
    const agent: Agent = { component_type: 'Agent', id: 'a', name: 'a', system_prompt: 'x', llm_config: llm, tools: [], toolboxes: [] };
    expect(await resolveToolboxes(agent)).toBe(agent);
    expect(hasToolboxes(agent)).toBe(false);
  });

  it('a server that cannot be reached is AS_MCP; a stdio toolbox not allowed is AS_HTTP_REFUSED, nothing started', async () => {
    await expect(resolveToolboxes(withBox('a', box() as unknown as Component))).rejects.toMatchObject({ code: 'AS_MCP', site: { agent: 'a' } });
    const stdio = { component_type: 'StdioTransport', id: 's', name: 's', command: 'node', args: ['server.mjs'], session_parameters: {} } as ClientTransport;
    await expect(resolveToolboxes(withBox('a', box({ client_transport: stdio }) as unknown as Component))).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED' });
  });

  it('is cancelled by the signal', async () => {
    await expect(resolveToolboxes(withBox('a', box({ client_transport: remote(server.url, 'streamable') }) as unknown as Component), { signal: AbortSignal.abort() }))
      .rejects.toMatchObject({ code: 'AS_CANCELLED' });
  });

  it('McpConnections.listTools lists the server tools with their schemas', async () => {
    const conns = new McpConnections();
    try {
      const listed = await conns.listTools(remote(server.url, 'streamable'));
      expect(listed.map((t) => t.name)).toEqual(['add', 'echo', 'fail', 'throws', 'slow', 'whereami']);
      expect(toolboxTools(box(), listed)[1]!.inputs).toEqual([{ title: 'text', type: 'string' }, { title: 'parts', type: 'number', default: null }]);
    } finally {
      await conns.close();
    }
  });
});
