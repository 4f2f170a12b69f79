import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { deserialize, flow, serialize, serverTool, agent, openAiCompatibleConfig, mcpTool, sseMtlsTransport, startNode, endNode, controlFlowEdge, remoteTool, type Agent, type Component } from '@agentspec/core';
import { hasBuiltinTools, hasGenericLlmConfigs, openAiBaseUrl } from '@agentspec/runtime';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel, run, RunContext, type FunctionTool } from '@openai/agents';
import { compileOpenAiAgents, emitOpenAiAgents, openaiAgentsRuntime } from '../src/index.js';
import type { CompiledAgent } from '../src/compile/compile-agent.js';
import { conformanceSpecs } from './helpers/conformance-specs.js';
import { extraSpecs, NASTY } from './helpers/emit-specs.js';
import { compileThroughEmittedModule, writeEmitted } from './helpers/emitted-modules.js';
import { startScriptedLlm } from '@agentspec/testing';
import type { RuntimeEvent } from '@agentspec/runtime';

const WEATHER = new URL('../../../examples/specs/weather-agent.yaml', import.meta.url).pathname;
const FIXTURE = new URL('./fixtures/weather-agent.emitted.ts.txt', import.meta.url).pathname;

interface Built { agent: CompiledAgent; warnings: unknown[]; runOptions: { maxTurns: number; callModelInputFilter?: never }; close(): Promise<void> }

async function buildEmitted(spec: Agent, options: Record<string, unknown>): Promise<Built> {
  const module = (await import(writeEmitted(spec, 'unit'))) as { build(o: Record<string, unknown>): Built };
  return module.build(options);
}

/** What an SDK agent is made of, as far as the model and the session see it. */
function anatomy(a: CompiledAgent) {
  const model = a.model;
  return {
    name: a.name,
    instructions: a.instructions,
    handoffDescription: a.handoffDescription,
    modelSettings: a.modelSettings,
    api: model instanceof OpenAIResponsesModel ? 'responses' : model instanceof OpenAIChatCompletionsModel ? 'chat' : 'other',
    tools: a.tools.map((t) => {
      const f = t as FunctionTool;
      return { type: f.type, name: f.name, description: f.description, parameters: f.parameters, strict: f.strict };
    }),
    outputType: a.outputType,
    toolUseBehavior: typeof a.toolUseBehavior,
  };
}

describe('emitOpenAiAgents', () => {
  it('writes the module of the weather agent example exactly (tests/fixtures/weather-agent.emitted.ts.txt)', () => {
    const { code, warnings } = emitOpenAiAgents(deserialize(readFileSync(WEATHER, 'utf8')), { source: 'weather-agent.yaml' });
    expect(warnings).toEqual([]);
    expect(code).toBe(readFileSync(FIXTURE, 'utf8'));
  });

  it('is deterministic: same component, same bytes (also after a round trip through YAML)', () => {
    for (const { spec } of [...conformanceSpecs().filter((c) => c.spec.component_type === 'Agent' && !hasBuiltinTools(c.spec) && !hasGenericLlmConfigs(c.spec)), ...extraSpecs()]) {
      const once = emitOpenAiAgents(spec, { source: 'a.yaml' }).code;
      expect(emitOpenAiAgents(spec, { source: 'a.yaml' }).code).toBe(once);
      expect(emitOpenAiAgents(deserialize(serialize(spec, { format: 'yaml' })), { source: 'a.yaml' }).code).toBe(once);
    }
  });

  it('builds the same SDK agent as compileOpenAiAgents, for every Agent of the suite and the extra agents', async () => {
    const specs = [...conformanceSpecs().filter((c) => c.spec.component_type === 'Agent' && !hasBuiltinTools(c.spec) && !hasGenericLlmConfigs(c.spec)), ...extraSpecs()];
    for (const { id, spec } of specs) {
      const agentSpec = spec as Agent;
      const inputs = Object.fromEntries((agentSpec.inputs ?? []).map((p) => [p.title, `value of ${p.title}`]));
      const registry = Object.fromEntries(agentSpec.tools.map((t) => [t.name, () => 'ok']));
      for (const structuredOutput of ['submit_result', 'native'] as const) {
        const compiled = compileOpenAiAgents(spec, { tools: registry, inputs, structuredOutput, llm: { override: { url: 'http://127.0.0.1:9' } } });
        const emitted = await buildEmitted(agentSpec, { tools: registry, inputs, structuredOutput, llm: { baseURL: openAiBaseUrl('http://127.0.0.1:9') } });
        expect(anatomy(emitted.agent), id).toEqual(anatomy(compiled.agent));
        expect(emitted.warnings, id).toEqual(compiled.warnings);
        expect(emitted.runOptions, id).toEqual(compiled.runOptions);
        await emitted.close();
        await compiled.close();
      }
    }
  });

  it('picks the API as compileOpenAiAgents does: OpenAiConfig on the Responses API unless llm.baseURL is given', async () => {
    const spec = extraSpecs().find((s) => s.id === 'extra/openai-remote-mcp')!.spec;
    expect((await buildEmitted(spec, {})).agent.model).toBeInstanceOf(OpenAIResponsesModel);
    expect((await buildEmitted(spec, { llm: { baseURL: 'http://127.0.0.1:9/v1' } })).agent.model).not.toBeInstanceOf(OpenAIResponsesModel);
    const oci = extraSpecs().find((s) => s.id === 'extra/oci')!.spec;
    await expect(buildEmitted(oci, {})).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
  });

  it('escapes every string of the spec: nothing is ever executed, the values arrive as written', async () => {
    const spec = extraSpecs().find((s) => s.id === 'extra/escaping')!.spec;
    const { code } = emitOpenAiAgents(spec);
    expect(code.split('\n').some((line) => line.startsWith(' second line'))).toBe(false);
    const built = await buildEmitted(spec, { tools: { "it's */ a `tool`": () => 'ok', ['__proto__']: () => 'ok' }, inputs: { user: 'Ada' } });
    expect(built.agent.name).toBe(NASTY);
    expect(built.agent.handoffDescription).toBe(NASTY);
    // rendered once: the default of x, '{{user}}', stays as it is
    expect(built.agent.instructions).toBe(`Hello Ada. ${NASTY.replace('{{ x }}', '{{user}}')}`);
    // (the SDK makes tool names safe for the API itself)
    expect(built.agent.tools.map((t) => t.name)).toEqual(['it_s____a__tool_', '__proto__', 'class', 'submit_result']);
    expect(Object.keys((built.agent.tools[1] as FunctionTool).parameters.properties)).toEqual(['constructor']);
  });

  it('sends RemoteTool calls through httpCall: url_allow_list, private addresses and network.allow as the runtime has them', async () => {
    const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const llm = openAiCompatibleConfig({ id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:9' });
      const spec = agent({
        id: 'guarded', name: 'guarded', system_prompt: 'x', llm_config: llm,
        tools: [
          remoteTool({ id: 'listed', name: 'listed', http_method: 'GET', url: `${base}/api/{{p}}`, url_allow_list: [`${base}/api/ok`], inputs: [{ title: 'p', type: 'string' }] }),
          remoteTool({ id: 'internal', name: 'internal', http_method: 'GET', url: 'http://10.0.0.1:9/x', inputs: [] }),
        ],
      });
      const run = async (options: Record<string, unknown>, index: number, args: unknown): Promise<unknown> => {
        const built = await buildEmitted(spec, { llm: { baseURL: 'http://127.0.0.1:9/v1' }, ...options });
        return (built.agent.tools[index] as FunctionTool).invoke(new RunContext({}), JSON.stringify(args));
      };
      expect(await run({}, 0, { p: 'ok' })).toBe('{"path":"/api/ok"}');
      await expect(run({}, 0, { p: 'other' })).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringMatching(/url_allow_list/) });
      await expect(run({}, 1, {})).rejects.toMatchObject({ code: 'AS_HTTP_REFUSED', message: expect.stringMatching(/private address/) });
      // listed in network.allow, the private address passes the guard: the call is made (no answer on port 9, no retry)
      await expect(run({ network: { allow: ['10.0.0.1'] }, http: { retries: 0, timeoutMs: 200 } }, 1, {})).rejects.toMatchObject({ code: expect.stringMatching(/^AS_HTTP_(STATUS|TIMEOUT)$/) });
    } finally {
      server.close();
    }
  });

  it('refuses what it cannot emit, with the codes of compileOpenAiAgents', () => {
    const llm = openAiCompatibleConfig({ id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:9' });
    const start = startNode({ id: 'start', name: 'start' });
    const end = endNode({ id: 'end', name: 'end' });
    const aFlow = flow({ id: 'f', name: 'f', start_node: start, nodes: [start, end], control_flow_connections: [controlFlowEdge({ id: 'e', name: 'e', from_node: start, to_node: end })] });
    expect(() => emitOpenAiAgents(aFlow)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', hint: expect.stringContaining('openaiAgentsRuntime()') }));
    expect(() => emitOpenAiAgents(serverTool({ id: 't', name: 't' }) as Component)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED' }));
    const mtls = agent({
      id: 'a', name: 'a', system_prompt: 'x', llm_config: llm,
      tools: [mcpTool({ id: 'm', name: 'm', client_transport: sseMtlsTransport({ id: 's', name: 's', url: 'https://x/sse', key_file: 'k', cert_file: 'c', ca_file: 'ca' }) })],
    });
    expect(() => emitOpenAiAgents(mtls)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining('mTLS') }));
    const invalid = { ...agent({ id: 'a', name: 'a', system_prompt: '{{x}}', llm_config: llm }), inputs: [] } as Component;
    expect(() => emitOpenAiAgents(invalid)).toThrow(expect.objectContaining({ name: 'AgentSpecLoadError' }));
  });
});

describe('an emitted module with message transforms', () => {
  const summarizing = () => conformanceSpecs({ withTransforms: true }).find((c) => c.id === 'multi-agent/summarization-message-cached')?.spec as Agent;

  it('summarizes on its own as runOptions.callModelInputFilter: the transform\'s model and instructions, cached per conversation across builds', async () => {
    const long = 'Hello, my parcel number 42 arrived today and the box was completely crushed.';
    const llm = await startScriptedLlm({
      strict: true,
      rules: [
        { match: { systemPromptContains: 'Summarize this message', lastMessage: { contains: 'parcel number 42' } }, answer: { text: 'parcel 42 arrived crushed' } },
        { match: { systemPromptContains: 'You answer customer emails' }, answer: { text: 'Sorry about parcel 42.' } },
      ],
    });
    try {
      const ask = async (conversationId: string, input: unknown[]) => {
        const built = await buildEmitted(summarizing(), { llm: { baseURL: llm.url }, conversationId });
        const result = await run(built.agent, input as never, built.runOptions);
        await built.close();
        return result.finalOutput;
      };
      expect(await ask('c1', [{ role: 'user', content: long }])).toBe('Sorry about parcel 42.');
      // another build, the same conversation: the summary comes from the cache
      expect(await ask('c1', [{ role: 'user', content: long }, { role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Sorry about parcel 42.' }] }, { role: 'user', content: 'Refund?' }])).toBe('Sorry about parcel 42.');
      // another conversation: summarized again
      expect(await ask('c2', [{ role: 'user', content: long }])).toBe('Sorry about parcel 42.');
      expect(llm.requests.map((r) => [r.model, r.systemPrompt, r.messages.filter((m) => m.role !== 'system').map((m) => m.content)])).toEqual([
        ['scripted-summarizer', 'Summarize this message in a few words.', [long]],
        ['scripted-model', 'You answer customer emails.', ['Summary: parcel 42 arrived crushed']],
        ['scripted-model', 'You answer customer emails.', ['Summary: parcel 42 arrived crushed', 'Sorry about parcel 42.', 'Refund?']],
        ['scripted-summarizer', 'Summarize this message in a few words.', [long]],
        ['scripted-model', 'You answer customer emails.', ['Summary: parcel 42 arrived crushed']],
      ]);
    } finally {
      await llm.close();
    }
  });

  it('refuses a cache it cannot write: a PostgreSQL datastore (AS_UNSUPPORTED), a collection missing from the schema (AS_DATASTORE)', () => {
    const spec = summarizing();
    const [transform] = spec.transforms ?? [];
    const datastore = (transform as unknown as { datastore: Record<string, unknown> }).datastore;
    const withDatastore = (d: unknown) => ({ ...spec, transforms: [{ ...transform, datastore: d }] }) as unknown as Component;
    const postgres = {
      ...datastore, component_type: 'PostgresDatabaseDatastore',
      connection_config: { component_type: 'TlsPostgresDatabaseConnectionConfig', id: 'pg', name: 'pg', user: 'u', password: 'p', url: 'postgresql://127.0.0.1:5432/db' },
    };
    expect(() => emitOpenAiAgents(withDatastore(postgres))).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("PostgresDatabaseDatastore 'cache' at /transforms/0/datastore cannot be emitted") }));
    expect(() => emitOpenAiAgents(withDatastore({ ...datastore, datastore_schema: {} }))).toThrow(expect.objectContaining({ code: 'AS_DATASTORE', message: expect.stringContaining('message_cache') }));
  });
});

describe('openaiAgentsRuntime({ build }) with an emitted module', () => {
  it("closes what it built for a session once the session finished (retainFinished: n keeps the last n), the rest with the app", async () => {
    const llm = await startScriptedLlm({
      rules: [
        { match: { lastToolResult: { tool: 'get_forecast' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Sunny in Zurich.' } }] } },
        { match: { lastUserMessage: 'Weather in Zurich?' }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Zurich' } }] } },
      ],
      defaultAnswer: { text: 'Which city?' },
    });
    const counted = async (retainFinished?: number) => {
      const counts = { built: 0, closed: 0 };
      const runtime = openaiAgentsRuntime({
        build: async (spec, options) => {
          counts.built++;
          const built = await compileThroughEmittedModule(spec, options, spec, 'unit');
          return { ...built, close: async () => { counts.closed++; await built.close(); } };
        },
      });
      const app = await runtime.load(deserialize(readFileSync(WEATHER, 'utf8')), {
        tools: { get_forecast: ({ city }) => `sunny in ${String(city)}` }, llm: { override: { url: llm.url } }, ...(retainFinished !== undefined ? { retainFinished } : {}),
      });
      const converse = async (message: string) => {
        const session = app.start({ inputs: { user_name: 'Ada' } });
        session.appendUserMessage(message);
        return (await session.run()).type;
      };
      return { counts, app, converse };
    };
    try {
      const { app, counts, converse } = await counted();
      expect([await converse('Hello'), await converse('Weather in Zurich?'), await converse('Weather in Zurich?')]).toEqual(['user_input', 'finished', 'finished']);
      expect(counts).toEqual({ built: 3, closed: 2 });
      await app.close();
      expect(counts.closed).toBe(3);
      const one = await counted(1);
      for (let i = 0; i < 3; i++) await one.converse('Weather in Zurich?');
      expect(one.counts.closed).toBe(2);
      await one.app.close();
      expect(one.counts.closed).toBe(3);
    } finally {
      await llm.close();
    }
  });

  it('streams the weather agent: tool span, submit_result, outputs (the streamed model checks tool calls too)', async () => {
    const llm = await startScriptedLlm([
      { match: { lastToolResult: { tool: 'get_forecast' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Sunny in Zurich.' } }] } },
      { match: { lastUserMessage: 'Weather in Zurich?' }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Zurich' } }] } },
    ]);
    const app = await openaiAgentsRuntime({ build: (spec, options) => compileThroughEmittedModule(spec, options, spec, 'unit') }).load(deserialize(readFileSync(WEATHER, 'utf8')), {
      tools: { get_forecast: ({ city }) => `sunny in ${String(city)}` },
      llm: { override: { url: llm.url } },
    });
    try {
      const session = app.start({ inputs: { user_name: 'Ada' } });
      session.appendUserMessage('Weather in Zurich?');
      const events: RuntimeEvent[] = [];
      for await (const e of session.stream()) events.push(e);
      const types = events.map((e) => e.type);
      expect(types).toContain('ToolExecutionResponse');
      expect(types).toContain('AgentExecutionEnd');
      expect(llm.requests[0]?.body).toMatchObject({ stream: true });
      expect(JSON.stringify(llm.requests[0]?.body)).toContain('You are a concise weather assistant for Ada.');
      const saved = await session.save();
      expect((saved as { status?: { type: string; outputs?: unknown } }).status).toMatchObject({ type: 'finished', outputs: { summary: 'Sunny in Zurich.' } });
    } finally {
      await app.close();
      await llm.close();
    }
  });
});
