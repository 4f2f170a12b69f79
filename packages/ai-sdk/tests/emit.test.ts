import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize, type Agent, type Component } from '@agentspec/core';
import { admitted, renderTemplate, RuntimeError, type App, type Runtime, type RunStatus } from '@agentspec/runtime';
import { startScriptedLlm, type RecordedRequest, type Rule, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSdkRuntime, compileAiSdk, emitAiSdk } from '../src/index.js';
import type { AgentBuildOptions } from '../src/options.js';
import { conformanceAgents, conformanceGroups } from './helpers/conformance-agents.js';
import { expectCommentsClosed, hostileSwarm, TEAM } from './helpers/group-specs.js';
import { EMITTED_DIR, emittedBuilder, importEmitted, prepareEmittedDir } from './helpers/emitted-module.js';
import { sampleArgs } from './helpers/sample-values.js';

const LLM = { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'scripted model', model_id: 'scripted-model', url: 'http://127.0.0.1:8000' };

const spec = (doc: Record<string, unknown>): Agent => deserialize(JSON.stringify({ agentspec_version: '26.2.0', ...doc })) as Agent;

/** A small agent: one ServerTool, an input with a default. */
const SMALL = spec({
  component_type: 'Agent', id: 'calc', name: 'Calculator', system_prompt: 'You help {{user}} with arithmetic.',
  inputs: [{ title: 'user', type: 'string', default: 'you' }], llm_config: LLM,
  tools: [{ component_type: 'ServerTool', id: 'multiply', name: 'multiply', description: 'Multiplies two numbers.', inputs: [{ title: 'a', type: 'number' }, { title: 'b', type: 'number' }], outputs: [{ title: 'product', type: 'number' }] }],
});

/** Every tool kind, and the strings a spec may hold that a naive emitter would turn into code: quotes, backticks, `${`, backslashes, `*\/`, line breaks. */
function kitchenSink(http: string, { mcp = true } = {}): Agent {
  const hostile = "q ' \" ` ${x} \\ */ \n end";
  return spec({
    component_type: 'Agent', id: 'kitchen_sink', name: `Kitchen sink ${hostile}`,
    system_prompt: `Hi {{user}}! ${hostile} {{ count }}, {{tags}}.\r\nTab\there \u2028 \${not_a_placeholder} \`{{user}}\``,
    inputs: [{ title: 'user', type: 'string' }, { title: 'count', type: 'integer', default: 3 }, { title: 'tags', type: 'array', items: { type: 'string' }, default: ['a', 'b'] }],
    outputs: [{ title: 'answer', type: 'string', description: `The answer ${hostile}` }, { title: 'score', type: 'number', default: 0 }],
    llm_config: { component_type: 'OllamaConfig', id: 'llm', name: `local ${hostile}`, model_id: "llama'3`", url: 'http://127.0.0.1:11434', default_generation_parameters: { temperature: 0.5, top_p: 0.9, seed: 7, repeat_penalty: 1.1 } },
    tools: [
      { component_type: 'ServerTool', id: 'look_up', name: 'look-up', description: `Looks things up ${hostile}`, inputs: [{ title: 'query', type: 'string', description: hostile }, { title: 'limit', type: 'integer', default: 5 }], outputs: [{ title: 'found', type: 'string' }] },
      { component_type: 'ClientTool', id: 'pick_file', name: 'pick_file', description: 'Pick a file.', requires_confirmation: true, inputs: [{ title: 'pattern', type: 'string' }] },
      {
        component_type: 'RemoteTool', id: 'fetch_item', name: 'fetch_item', description: 'Fetches an item.', url: '{{base}}/items/{{id}}?x=1', http_method: 'POST',
        headers: { 'X-Key': `k-{{id}} ${hostile.replace('\n', '')}`, 'x-none': null }, query_params: { q: '{{id}}', tags: ['a', '{{id}}'], n: 2 },
        data: { id: '{{id}}', nested: { n: 1, s: `it's {{id}} ${hostile}`, '{{id}}': true }, list: ['{{id}}', 2] },
        inputs: [{ title: 'base', type: 'string' }, { title: 'id', type: 'string' }],
      },
      { component_type: 'RemoteTool', id: 'form_post', name: 'form_post', url: `${http}/form/{{a}}`, http_method: 'post', headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: { a: '{{a}}', b: 2 }, inputs: [{ title: 'a', type: 'string' }] },
      ...(mcp ? [
        { component_type: 'MCPTool', id: 'mcp_sse', name: 'mcp_sse', description: 'On an SSE server.', inputs: [{ title: 'text', type: 'string' }], client_transport: { component_type: 'SSETransport', id: 'sse', name: `SSE ${hostile}`, url: 'http://127.0.0.1:9/sse', headers: { authorization: 'Bearer */' } } },
        { component_type: 'MCPTool', id: 'mcp_stdio', name: 'mcp_stdio', inputs: [{ title: 'id', type: 'integer' }], outputs: [{ title: 'user', type: 'object' }], client_transport: { component_type: 'StdioTransport', id: 'stdio', name: 'stdio server', command: 'node', args: ['server.mjs', `--flag=${hostile}`], env: { A: '1' }, cwd: '/tmp' } },
      ] : []),
    ],
  });
}

describe('emitAiSdk', () => {
  it('writes this module for a small agent (emit-fixtures/calculator-agent.ts.txt)', async () => {
    const { code, warnings } = emitAiSdk(SMALL, { source: 'calc.yaml', version: '26.2.0' });
    expect(warnings).toEqual([]);
    await expect(code).toMatchFileSnapshot('emit-fixtures/calculator-agent.ts.txt');
  });

  it('is stable: the same spec gives byte-identical code, also after a round trip through YAML', () => {
    const agent = kitchenSink('http://127.0.0.1:1');
    const first = emitAiSdk(agent, { source: 'a.yaml' }).code;
    expect(emitAiSdk(agent, { source: 'a.yaml' }).code).toBe(first);
    expect(emitAiSdk(deserialize(serialize(agent, { format: 'yaml' })), { source: 'a.yaml' }).code).toBe(first);
  });

  it('writes every string of the spec as an escaped literal: quotes, backticks, ${, backslashes, */ and line breaks stay text', () => {
    const { code } = emitAiSdk(kitchenSink('http://127.0.0.1:1'), { source: 'evil */ `name`.yaml', version: '26.2.0' });
    expect(code).toContain(' * Generated by `agentspec compile --target ai-sdk` from evil *\\/ `name`.yaml (Agent Spec 26.2.0).');
    expect(code).toContain("description: 'Looks things up q \\' \" ` ${x} \\\\ */ \\n end',");
    expect(code).toContain(' * look-up (ServerTool): Looks things up q \' " ` ${x} \\ *\\/ end');
    expect(code).toContain("const MODEL_ID = 'llama\\'3`';");
    expect(code).toContain('return `Hi ${valueText(inputs.user)}! q \' " \\` \\${x} \\\\ */ \n end ${valueText(inputs.count ?? 3)}, ${valueText(inputs.tags ?? [\'a\', \'b\'])}.\\r\nTab\\there \\u2028 \\${not_a_placeholder} \\`${valueText(inputs.user)}\\``;');
    expectCommentsClosed(code, 20);
  });

  it('refuses Flows like compileAiSdk, with AS_UNSUPPORTED and the same hint', () => {
    const flow = deserialize(JSON.stringify({
      component_type: 'Flow', id: 'f', name: 'f', start_node: { $component_ref: 's' },
      nodes: [{ component_type: 'StartNode', id: 's', name: 's' }, { component_type: 'EndNode', id: 'e', name: 'e' }],
      control_flow_connections: [{ component_type: 'ControlFlowEdge', id: 'c', name: 'c', from_node: { $component_ref: 's' }, to_node: { $component_ref: 'e' } }],
      agentspec_version: '25.4.1',
    }));
    const emitted = (() => { try { return emitAiSdk(flow); } catch (e) { return e; } })() as RuntimeError;
    const compiled = (() => { try { return compileAiSdk(flow); } catch (e) { return e; } })() as RuntimeError;
    expect(emitted).toBeInstanceOf(RuntimeError);
    expect(emitted.code).toBe('AS_UNSUPPORTED');
    expect(emitted.hint).toBe(compiled.hint);
    expect(emitted.message).toContain("Flow 'f' cannot be emitted on its own by the AI SDK emitter: emit an Agent");
  });

  it('refuses what it cannot write with AS_UNSUPPORTED: another component, a tool kind it does not run, an mTLS MCP transport', () => {
    const code = (component: unknown) => {
      try {
        emitAiSdk(component as Component);
      } catch (e) {
        return (e as RuntimeError).code;
      }
      return 'emitted';
    };
    expect(code(SMALL.tools[0])).toBe('AS_UNSUPPORTED');
    // a BuiltinTool over Chat Completions (hosted tools exist only in the Responses API), one no runtime provides
    expect(code({ ...SMALL, tools: [{ component_type: 'BuiltinTool', id: 'ci', name: 'ci', tool_type: 'code_interpreter' }] })).toBe('AS_UNSUPPORTED'); // 25.4.2
    expect(() => emitAiSdk(spec({ ...SMALL, llm_config: { ...LLM, api_type: 'responses' }, tools: [{ component_type: 'BuiltinTool', id: 'o', name: 'sample', tool_type: 'orchestrator_builtin' }] })))
      .toThrow(/BuiltinTool 'sample' \(id 'o'\) at \/tools\/0 cannot be emitted by the AI SDK emitter: tool_type 'orchestrator_builtin' is not a built-in tool/);
    expect(code({ ...SMALL, llm_config: { component_type: 'LlmConfig', id: 'g', name: 'g', model_id: 'm', api_provider: 'aws_bedrock' } })).toBe('AS_UNSUPPORTED');
    expect(code({ ...SMALL, tools: [{ ...SMALL.tools[0], component_type: 'FutureTool' }] })).toBe('AS_UNKNOWN_COMPONENT'); // no version has it: invalid
    const transport = { component_type: 'StreamableHTTPmTLSTransport', id: 't', name: 't', url: 'https://127.0.0.1:9/mcp', key_file: 'k', cert_file: 'c', ca_file: 'a' };
    expect(code({ ...SMALL, tools: [{ component_type: 'MCPTool', id: 'm', name: 'm', inputs: [], client_transport: transport }] })).toBe('AS_UNSUPPORTED');
    const auth = { component_type: 'GeminiAIStudioAuthConfig', id: 'gemini_auth', name: 'gemini_auth' };
    expect(code({ ...SMALL, llm_config: { ...SMALL.llm_config, component_type: 'GeminiConfig', auth } })).toBe('AS_UNSUPPORTED'); // 26.1.2
    expect(code({ ...SMALL, tools: [SMALL.tools[0], SMALL.tools[0]] })).toBe('AS_UNSUPPORTED');
    expect(code({ ...SMALL, outputs: [{ title: 'x', type: 'string' }], tools: [{ ...SMALL.tools[0], name: 'submit_result' }] })).toBe('AS_UNSUPPORTED');
    expect(code(SMALL)).toBe('emitted');
  });

  it('writes BuiltinTools as the provider tools of @ai-sdk/openai beside the Responses model, and the generic LlmConfig where genericLlmTarget points it, never its api_key', () => {
    const builtin = emitAiSdk(spec({
      ...SMALL, llm_config: { ...LLM, api_type: 'responses' },
      tools: [...SMALL.tools, { component_type: 'BuiltinTool', id: 'ws', name: 'web_search', tool_type: 'web_search', configuration: { search_context_size: 'low' } }],
    })).code;
    expect(builtin).toContain("import { createOpenAI, openai } from '@ai-sdk/openai';");
    expect(builtin).toContain("    web_search: openai.tools.webSearch({ searchContextSize: 'low' }),");
    expect(builtin).toContain(".responses(endpoint.model);");
    const generic = (fields: Record<string, unknown>) => emitAiSdk(spec({ ...SMALL, llm_config: { component_type: 'LlmConfig', id: 'g', name: 'g', model_id: 'm', api_key: 'sk-secret', ...fields } })).code;
    const vllm = generic({ api_provider: 'vllm', url: 'http://gpu:8000' });
    expect(vllm).toContain("const BASE_URL = 'http://gpu:8000/v1';");
    expect(vllm).toContain('return provider.chatModel(endpoint.model);');
    const openAi = generic({ api_provider: 'openai', api_type: 'responses' });
    expect(openAi).not.toContain('BASE_URL =');
    expect(openAi).toContain('const endpoint = llmEndpoint(undefined, MODEL_ID, llm);');
    expect(openAi).toContain('return createOpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, fetch: send }).responses(endpoint.model);');
    for (const code of [vllm, openAi]) expect(code).not.toContain('sk-secret');
  });

  it('warns like compileAiSdk about what the module cannot carry over', () => {
    const openAi = spec({ ...SMALL, tools: [], human_in_the_loop: false, llm_config: { component_type: 'OpenAiConfig', id: 'gpt', name: 'gpt', model_id: 'gpt-4o-mini', default_generation_parameters: { top_k: 3 } } });
    expect(emitAiSdk(openAi).warnings).toEqual(compileAiSdk(openAi, { llm: { apiKey: 'k' } }).warnings);
    expect(emitAiSdk(openAi).warnings.map((w) => w.kind)).toEqual(['approximated', 'unsupported']);
    const oci = spec({ ...SMALL, tools: [], llm_config: { component_type: 'OciGenAiConfig', id: 'oci', name: 'oci', model_id: 'm', compartment_id: 'c', client_config: { component_type: 'OciClientConfigWithApiKey', id: 'cc', name: 'cc', service_endpoint: 'https://x', auth_profile: 'p', auth_file_location: '~/.oci/config' } } });
    expect(emitAiSdk(oci).warnings).toEqual([expect.objectContaining({ kind: 'unsupported', component: 'oci' })]);
  });
});

describe('the emitted module', () => {
  let llm: ScriptedLlm;
  let http: Server;
  let httpUrl = '';
  const received: unknown[] = [];
  beforeAll(async () => {
    llm = await startScriptedLlm({ strict: false, rules: [] });
    http = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const seen = { method: req.method, url: req.url, key: req.headers['x-key'], type: req.headers['content-type'], body };
        received.push(seen);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await llm.close();
    await new Promise<void>((r) => http.close(() => r()));
  });

  it('summarizes on its own with its message transforms: the transform\'s LLM and instructions, cached per conversation across builds', async () => {
    const agent = conformanceAgents(undefined, { withTransforms: true }).find((c) => c.id === 'multi-agent/summarization-message-cached')?.agent as Agent;
    const long = 'Hello, my parcel number 42 arrived today and the box was completely crushed.';
    llm.setRules([
      { match: { systemPromptContains: 'Summarize this message', lastMessage: { contains: 'parcel number 42' } }, answer: { text: 'parcel 42 arrived crushed' } },
      { match: { systemPromptContains: 'You answer customer emails' }, answer: { text: 'Sorry about parcel 42.' } },
    ]);
    llm.clear();
    const mod = await importEmitted(agent, 'unit');
    const ask = async (conversationId: string, messages: unknown[]) => {
      const { agent: built, close } = mod.build({ llm: { baseURL: llm.url }, conversationId });
      const result = await (built as unknown as { generate(o: unknown): Promise<{ text: string }> }).generate({ messages });
      await close?.();
      return result.text;
    };
    expect(await ask('c1', [{ role: 'user', content: long }])).toBe('Sorry about parcel 42.');
    // another build, the same conversation: the summary comes from the cache
    expect(await ask('c1', [{ role: 'user', content: long }, { role: 'assistant', content: 'Sorry about parcel 42.' }, { role: 'user', content: 'Refund?' }])).toBe('Sorry about parcel 42.');
    // another conversation: summarized again
    expect(await ask('c2', [{ role: 'user', content: long }])).toBe('Sorry about parcel 42.');
    const seen = llm.requests.map((r) => [r.model, r.systemPrompt, r.messages.filter((m) => m.role !== 'system').map((m) => m.content)]);
    expect(seen).toEqual([
      ['scripted-summarizer', 'Summarize this message in a few words.', [long]],
      ['scripted-model', 'You answer customer emails.', ['Summary: parcel 42 arrived crushed']],
      ['scripted-model', 'You answer customer emails.', ['Summary: parcel 42 arrived crushed', 'Sorry about parcel 42.', 'Refund?']],
      ['scripted-summarizer', 'Summarize this message in a few words.', [long]],
      ['scripted-model', 'You answer customer emails.', ['Summary: parcel 42 arrived crushed']],
    ]);
  });

  it('refuses a transform cache it cannot write: a PostgreSQL datastore (AS_UNSUPPORTED), a collection missing from the schema (AS_DATASTORE)', () => {
    const agent = conformanceAgents(undefined, { withTransforms: true }).find((c) => c.id === 'multi-agent/summarization-message-cached')?.agent as Agent;
    const [transform] = agent.transforms ?? [];
    const datastore = (transform as unknown as { datastore: Record<string, unknown> }).datastore;
    const postgres = {
      ...datastore, component_type: 'PostgresDatabaseDatastore',
      connection_config: { component_type: 'TlsPostgresDatabaseConnectionConfig', id: 'pg', name: 'pg', user: 'u', password: 'p', url: 'postgresql://127.0.0.1:5432/db' },
    };
    const withDatastore = (d: unknown) => ({ ...agent, transforms: [{ ...transform, datastore: d }] }) as unknown as Component;
    const codeOf = (c: Component) => {
      try {
        emitAiSdk(c);
        return 'emitted';
      } catch (e) {
        return (e as RuntimeError).message;
      }
    };
    expect(codeOf(withDatastore(postgres))).toMatch(/^AS_UNSUPPORTED: PostgresDatabaseDatastore 'cache' at \/transforms\/0\/datastore cannot be emitted by the AI SDK emitter/);
    expect(codeOf(withDatastore({ ...datastore, datastore_schema: {} }))).toMatch(/^AS_DATASTORE: .*message_cache/);
    expect(codeOf(agent)).toBe('emitted');
  });

  it('builds a ToolLoopAgent that sends the spec\'s strings as they are: system prompt rendered once, tool descriptions, model id', async () => {
    const agent = kitchenSink(httpUrl, { mcp: false });
    llm.setRules([{ match: { lastUserMessage: 'Hello' }, answer: { text: 'Hi.' } }]);
    llm.clear();
    const mod = await importEmitted(agent, 'unit');
    const { agent: built, close } = mod.build({ tools: { 'look-up': () => 'found' }, inputs: { user: 'Ada {{count}} ${x}' }, llm: { baseURL: llm.url } });
    const result = await (built as unknown as { generate(o: unknown): Promise<{ text: string }> }).generate({ prompt: 'Hello' });
    await close?.();
    expect(result.text).toBe('Hi.');
    const request = llm.requests[0] as RecordedRequest;
    expect(request.systemPrompt).toBe(renderTemplate(agent.system_prompt, { user: 'Ada {{count}} ${x}', count: 3, tags: ['a', 'b'] }));
    expect(request.model).toBe("llama'3`");
    expect(request.tools.map((t) => [t.name, t.description])).toEqual([...agent.tools.map((t) => [t.name, t.description ?? '']), ['submit_result', expect.any(String)]]);
    expect(request.parameters).toEqual({ temperature: 0.5, topP: 0.9, extra: { seed: 7, repeat_penalty: 1.1 } });
  });

  it('sends RemoteTool calls through httpCall: url_allow_list, private addresses and allowHosts as the runtime has them', async () => {
    const agent = spec({
      component_type: 'Agent', id: 'guarded', name: 'guarded', system_prompt: 'x', llm_config: LLM,
      tools: [
        { component_type: 'RemoteTool', id: 'listed', name: 'listed', http_method: 'GET', url: `${httpUrl}/api/{{p}}`, url_allow_list: [`${httpUrl}/api/ok`], inputs: [{ title: 'p', type: 'string' }] },
        { component_type: 'RemoteTool', id: 'internal', name: 'internal', http_method: 'GET', url: 'http://10.0.0.1:9/x', inputs: [] },
        // a host from an input value: refused unless allowHosts lists it (here the loopback test server)
        { component_type: 'RemoteTool', id: 'templated', name: 'templated', http_method: 'GET', url: 'http://{{host}}/api/ok', inputs: [{ title: 'host', type: 'string' }] },
      ],
    });
    const mod = await importEmitted(agent, 'unit');
    type Execute = (args: unknown, options: { toolCallId: string; messages: [] }) => Promise<unknown>;
    const run = async (options: Record<string, unknown>, name: string, args: unknown): Promise<unknown> => {
      const { agent: built } = mod.build({ llm: { baseURL: llm.url }, ...options });
      return ((built as unknown as { tools: Record<string, { execute: Execute }> }).tools[name] as { execute: Execute }).execute(args, { toolCallId: 'c', messages: [] });
    };
    expect(await run({}, 'listed', { p: 'ok' })).toMatchObject({ method: 'GET', url: '/api/ok' });
    await expect(run({}, 'listed', { p: 'other' })).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringMatching(/url_allow_list/) });
    await expect(run({}, 'internal', {})).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringMatching(/private address/) });
    // a host listed in allowHosts passes the guard and the call is made (tests reach loopback only, so the
    // listed host is the test server's, given as an argument, which the guard refuses unless listed)
    const host = new URL(httpUrl).host;
    await expect(run({}, 'templated', { host })).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringMatching(/comes from an argument/) });
    expect(await run({ allowHosts: [host] }, 'templated', { host })).toMatchObject({ method: 'GET', url: '/api/ok' });
  });

  it('drives the same requests and statuses as compileAiSdk on aiSdkRuntime, for every tool kind but MCP (the conformance suite covers MCP)', async () => {
    const agent = kitchenSink(httpUrl, { mcp: false });
    const rules: Rule[] = [
      { match: { lastToolResult: { tool: 'form_post' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'done', score: 2 } }] } },
      { match: { lastToolResult: { tool: 'pick_file' } }, answer: { toolCalls: [{ name: 'fetch_item', arguments: { base: httpUrl, id: '7' } }, { name: 'form_post', arguments: { a: 'x y' } }] } },
      { match: { lastToolResult: { tool: 'look-up' } }, answer: { toolCalls: [{ name: 'pick_file', arguments: { pattern: '*.md' } }] } },
      { match: { lastUserMessage: 'Hello' }, answer: { toolCalls: [{ name: 'look-up', arguments: { query: 'q', limit: '2' } }] } },
    ];
    const compiled = await drive(aiSdkRuntime(), agent, rules);
    const fromModule = await drive(aiSdkRuntime({ build: emittedBuilder('equivalence') }), agent, rules);
    expect(compiled.statuses.map((s) => s.type)).toEqual(['tool_confirmation', 'tool_request', 'finished']);
    expect(fromModule.requests.map(essentials)).toEqual(compiled.requests.map(essentials));
    expect(fromModule.statuses.map(view)).toEqual(compiled.statuses.map(view));
    expect(fromModule.http).toEqual(compiled.http);
  });

  // a BuiltinTool is not called by the LLM as a function (the provider runs it within the answer)
  it.each(conformanceAgents('${http}').filter((c) => !c.agent.tools.some((t) => t.component_type === 'MCPTool')).map((c) => [c.id] as const))(
    'drives the same requests and statuses as compileAiSdk for %s',
    async (id) => {
      const agent = conformanceAgents(httpUrl).find((c) => c.id === id)!.agent;
      const outputs = agent.outputs ?? [];
      const finish = outputs.length > 0 ? { toolCalls: [{ name: 'submit_result', arguments: sampleArgs(outputs) }] } : { text: 'Done.' };
      const called = agent.tools.filter((t) => t.component_type !== 'BuiltinTool');
      const rules: Rule[] = [
        ...called.map((t) => ({ match: { lastToolResult: { tool: t.name } }, answer: finish })),
        { match: { lastUserMessage: 'Hello' }, answer: called.length > 0 ? { toolCalls: called.map((t) => ({ name: t.name, arguments: sampleArgs(admitted(t).inputs) })) } : finish },
      ];
      const compiled = await drive(aiSdkRuntime(), agent, rules);
      const fromModule = await drive(aiSdkRuntime({ build: emittedBuilder('equivalence') }), agent, rules);
      expect(compiled.requests.length).toBeGreaterThan(0);
      expect(fromModule.requests.map(essentials)).toEqual(compiled.requests.map(essentials));
      expect(fromModule.statuses.map(view)).toEqual(compiled.statuses.map(view));
    },
  );

  async function drive(runtime: Runtime, agent: Agent, rules: Rule[]): Promise<{ statuses: RunStatus[]; requests: RecordedRequest[]; http: unknown[] }> {
    llm.setRules(rules);
    llm.clear();
    received.length = 0;
    const tools = Object.fromEntries(agent.tools.map((t) => [t.name, (args: Record<string, unknown>) => `${t.name} of ${JSON.stringify(args)}`]));
    const app = await runtime.load(agent, { tools, llm: { override: { url: llm.url, apiKey: 'test' } }, network: { allow: ['127.0.0.1'] } });
    const statuses: RunStatus[] = [];
    try {
      const session = app.start({ inputs: sampleArgs((agent.inputs ?? []).filter((p) => !('default' in p))) });
      session.appendUserMessage('Hello');
      for (let i = 0; i < 6; i++) {
        const status = await session.run().catch((e: RuntimeError) => ({ type: 'error', code: e.code, messages: [] }) as unknown as RunStatus);
        statuses.push(status);
        if (status.type === 'tool_confirmation') for (const r of status.requests) session.decide(r.id, 'approve');
        else if (status.type === 'tool_request') session.appendToolResults(status.requests.map((r) => ({ id: r.id, content: `client ${r.name}` })));
        else break;
      }
    } finally {
      await app.close();
    }
    return { statuses, requests: [...llm.requests], http: [...received] };
  }
});

describe('the runtime\'s build option', () => {
  it('builds one agent per session with the session\'s resolved inputs and the runtime\'s hooks, and closes what it built with the app', async () => {
    const llm = await startScriptedLlm({ strict: true, rules: [{ match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello.' } }] });
    const seen: AgentBuildOptions[] = [];
    let closed = 0;
    const runtime = aiSdkRuntime({
      build: (agent, options) => {
        seen.push(options);
        return { agent: compileAiSdk(agent, options).agent, close: async () => void closed++ };
      },
    });
    try {
      const app = await runtime.load(SMALL, { tools: { multiply: () => 0 }, llm: { override: { url: llm.url } } });
      for (const user of ['Ada', 'Alan']) {
        const session = app.start({ inputs: { user } });
        session.appendUserMessage('Hi');
        expect((await session.run()).type).toBe('user_input');
      }
      await app.close();
      expect(seen.map((o) => o.inputs)).toEqual([{ user: 'Ada' }, { user: 'Alan' }]);
      expect(seen[0]?.hooks.stopWhen).toHaveLength(2);
      expect(llm.requests.map((r) => r.systemPrompt)).toEqual(['You help Ada with arithmetic.', 'You help Alan with arithmetic.']);
      expect(closed).toBe(2);
    } finally {
      await llm.close();
    }
  });
  it("closes what it built for a session once the session finished (retainFinished: n keeps the last n), the rest with the app", async () => {
    const llm = await startScriptedLlm({ rules: [{ match: { lastUserMessage: 'done' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: '42' } }] } }], defaultAnswer: { text: 'Go on.' } });
    const finder = spec({ component_type: 'Agent', id: 'f', name: 'f', system_prompt: 'Answer when done.', llm_config: LLM, outputs: [{ title: 'answer', type: 'string' }] });
    const converse = async (app: App, ...messages: string[]) => {
      const session = app.start();
      for (const m of messages) session.appendUserMessage(m);
      return (await session.run()).type;
    };
    const counted = async (retainFinished?: number) => {
      const counts = { built: 0, closed: 0 };
      const runtime = aiSdkRuntime({
        build: (agent, options) => {
          counts.built++;
          return { agent: compileAiSdk(agent, options).agent, close: async () => void counts.closed++ };
        },
      });
      return { counts, app: await runtime.load(finder, { llm: { override: { url: llm.url } }, ...(retainFinished !== undefined ? { retainFinished } : {}) }) };
    };
    try {
      const { app, counts } = await counted();
      expect([await converse(app, 'hello'), await converse(app, 'done'), await converse(app, 'done')]).toEqual(['user_input', 'finished', 'finished']);
      expect(counts).toEqual({ built: 3, closed: 2 });
      await app.close();
      expect(counts.closed).toBe(3);
      const one = await counted(1);
      for (let i = 0; i < 3; i++) await converse(one.app, 'done');
      expect(one.counts.closed).toBe(2);
      await one.app.close();
      expect(one.counts.closed).toBe(3);
    } finally {
      await llm.close();
    }
  });

  it('streams the same events from an emitted module as from the compiled agent (token deltas, tool spans, the final status)', async () => {
    const llm = await startScriptedLlm({
      strict: true,
      rules: [
        { match: { lastToolResult: { tool: 'multiply' } }, answer: { text: '30 x 6 = 180' } },
        { match: { lastUserMessage: 'What is 30x6?' }, answer: { toolCalls: [{ name: 'multiply', arguments: { a: 30, b: '6' } }] } },
      ],
    });
    const events = async (runtime: Runtime) => {
      const app = await runtime.load(SMALL, { tools: { multiply: ({ a, b }) => Number(a) * Number(b) }, llm: { override: { url: llm.url } } });
      const session = app.start({ inputs: { user: 'Ada' } });
      session.appendUserMessage('What is 30x6?');
      const out: unknown[] = [];
      for await (const e of session.stream()) out.push(e.type === 'RunStatus' ? [e.type, e.status.type] : [e.type, 'name' in e ? e.name : undefined]);
      await app.close();
      return out;
    };
    try {
      const compiled = await events(aiSdkRuntime());
      expect(compiled).toContainEqual(['ToolExecutionResponse', 'multiply']);
      expect(await events(aiSdkRuntime({ build: emittedBuilder('stream') }))).toEqual(compiled);
    } finally {
      await llm.close();
    }
  });
});

describe('typecheck', () => {
  it('every emitted module compiles with tsc (strict, noUnusedLocals), all at once', () => {
    prepareEmittedDir();
    const dir = new URL('./typecheck/', EMITTED_DIR);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const agents: [string, Component][] = [
      // Swarms, ManagerWorkers (every handoff mode, hostile strings) and SpecializedAgents
      ...conformanceGroups().map((c) => [c.id.replace('/', '--'), c.component] as [string, Component]),
      ['swarm-hostile', hostileSwarm()],
      ['swarm-hostile-never', hostileSwarm('never')],
      ['swarm-hostile-always', hostileSwarm('always')],
      ['team', TEAM],
      ...conformanceAgents(undefined, { withTransforms: true }).filter((c) => !c.id.startsWith('multi-agent/datastore-')).map((c) => [c.id.replace('/', '--'), c.agent] as [string, Agent]),
      ['small', SMALL],
      ['kitchen-sink', kitchenSink('http://127.0.0.1:1')],
      ['openai', spec({ ...SMALL, llm_config: { component_type: 'OpenAiConfig', id: 'gpt', name: 'gpt', model_id: 'gpt-4o-mini' } })],
      ['names', spec({
        ...SMALL,
        tools: [
          { component_type: 'ServerTool', id: 't1', name: 'text', inputs: [{ title: 'delete', type: 'string' }, { title: '3d', type: 'boolean' }] },
          { component_type: 'ServerTool', id: 't2', name: 'get-x', inputs: [] },
          { component_type: 'ServerTool', id: 't3', name: 'get_x', inputs: [] },
          { component_type: 'RemoteTool', id: 't4', name: 'delete', url: 'http://127.0.0.1:9/x', http_method: 'DELETE', inputs: [] },
          { component_type: 'ClientTool', id: 't5', name: '3d', inputs: [] },
          { component_type: 'ServerTool', id: 't6', name: 'submit_result', inputs: [] },
        ],
      })],
      ['vllm-required-inputs', spec({ ...SMALL, system_prompt: '{{user}} {{n}}', inputs: [{ title: 'user', type: 'string' }, { title: 'n', type: ['integer', 'null'] }], llm_config: { ...LLM, component_type: 'VllmConfig' } })],
    ];
    for (const [name, agent] of agents) writeFileSync(new URL(`${name}.ts`, dir), emitAiSdk(agent, { source: `${name}.yaml` }).code);
    writeFileSync(new URL('tsconfig.json', dir), `${JSON.stringify({
      compilerOptions: {
        target: 'ES2022', lib: ['ES2023'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUnusedLocals: true, noUnusedParameters: true,
        noUncheckedIndexedAccess: true, isolatedModules: true, verbatimModuleSyntax: true, skipLibCheck: true, noEmit: true, types: ['node'],
      },
      include: ['*.ts'],
    }, null, 2)}\n`);
    expect(readdirSync(dir).filter((f) => f.endsWith('.ts'))).toHaveLength(agents.length);
    const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', fileURLToPath(dir)], { encoding: 'utf8' });
    } catch (e) {
      output = `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}` || String(e);
    }
    expect(output).toBe('');
  }, 120_000);
});

/** What the two agents must agree on in a request (call ids are made up by the scripted server, so they are left out). */
function essentials(r: RecordedRequest) {
  return {
    model: r.model,
    systemPrompt: r.systemPrompt,
    tools: r.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
    parameters: r.parameters,
    responseFormat: r.responseFormat,
    messages: r.messages.map((m) => ({
      role: m.role, content: m.content,
      ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ name: c.name, args: JSON.parse(c.arguments || '{}') as unknown })) } : {}),
    })),
  };
}

const view = (s: RunStatus) => ({
  type: s.type, outputs: s.type === 'finished' ? s.outputs : undefined, code: (s as { code?: string }).code,
  messages: s.messages.map((m) => [m.role, m.content, m.toolCalls?.map((c) => [c.name, c.args])]),
});
