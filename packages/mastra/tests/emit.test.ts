import { writeFileSync } from 'node:fs';
import { deserialize, serialize, type Component, type Flow } from '@agentspec/core';
import { RuntimeError } from '@agentspec/runtime';
import { RequestContext } from '@mastra/core/request-context';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitMastra, mastraRuntime, type MastraCompiled } from '../src/index.js';
import { emittedCompile, emittedFile, NASTY, nastyAgent, oddFlow, oddSwarm, prepareEmittedDir } from './emit-helpers.js';
import { caseSpec, INCREMENT, IRREDUCIBLE_FLOW } from './fixtures.js';

/** A small agent: an input with a default, a ServerTool, a ClientTool that needs confirmation, an output, generation parameters. */
const SMALL_AGENT = `
component_type: Agent
id: weather_agent
name: Weather agent
description: Tells the weather.
system_prompt: You help {{user}} with the weather.
inputs: [{title: user, type: string, default: you}]
outputs: [{title: summary, type: string, description: One sentence.}]
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: weather-model, url: "http://127.0.0.1:8000", default_generation_parameters: {temperature: 0.2, seed: 7}}
tools:
  - {component_type: ServerTool, id: get_weather, name: get_weather, description: The weather in a city., inputs: [{title: city, type: string, description: A city.}, {title: days, type: integer, default: 1}]}
  - {component_type: ClientTool, id: ask_location, name: ask_location, description: Where the user is., requires_confirmation: true}
agentspec_version: 25.4.2
`;

async function importEmitted(component: Component): Promise<{ build(options: unknown): MastraCompiled }> {
  prepareEmittedDir();
  const { code } = emitMastra(component, { source: 'test.yaml' });
  const file = emittedFile(component, code);
  writeFileSync(file, code);
  return await import(/* @vite-ignore */ file) as { build(options: unknown): MastraCompiled };
}

/** What a tool of an emitted agent gives for `args`: 'ok', or `<code>: <message>` of its error. */
async function toolOutcome(build: (options: unknown) => MastraCompiled, options: unknown, name: string, args: unknown): Promise<string | undefined> {
  const built = build(options);
  if (built.kind !== 'agent') throw new Error('an agent');
  const tools = await built.agent.listTools() as Record<string, { execute(args: unknown, context: unknown): Promise<unknown> }>;
  return tools[name]?.execute(args, {}).then(() => 'ok', (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`);
}

function refusal(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return RuntimeError.isInstance(e) ? (e as RuntimeError).code : String(e);
  }
  return undefined;
}

describe('emitMastra', () => {
  it('writes a small agent as this exact module', async () => {
    const { code, warnings } = emitMastra(deserialize(SMALL_AGENT), { source: 'weather.yaml' });
    expect(warnings).toEqual([]);
    await expect(code).toMatchFileSnapshot('./emit-agent.ts.txt');
  });

  it('is deterministic: the same spec gives the same bytes', () => {
    for (const spec of [SMALL_AGENT, IRREDUCIBLE_FLOW]) {
      expect(emitMastra(deserialize(spec), { source: 's.yaml' }).code).toBe(emitMastra(deserialize(spec), { source: 's.yaml' }).code);
    }
    const flow = caseSpec('nodes/map-node');
    expect(emitMastra(flow).code).toBe(emitMastra(caseSpec('nodes/map-node')).code);
  });

  it('writes strings from the spec as escaped literals, never as code', async () => {
    const spec = nastyAgent();
    const { code } = emitMastra(spec, { source: `evil */ ${NASTY}.yaml` });
    // the only comment end of the header is its own: the spec's `*/` are escaped
    const header = code.slice(0, code.indexOf('*/') + 2);
    expect(header).toContain('from evil *\\/ it\'s');
    expect(header.endsWith('\n */')).toBe(true);
    const { build } = await importEmitted(spec);
    const built = build({ tools: { 'odd-name': () => 'ok' }, llm: { baseURL: 'http://127.0.0.1:9' } });
    if (built.kind !== 'agent') throw new Error('an agent');
    const context = new RequestContext();
    expect(await built.agent.getInstructions({ requestContext: context })).toBe(`Hello ${NASTY}. ${NASTY}`);
    context.set('agentspec.inputs', { who: '{{who}} ${x}' });
    expect(await built.agent.getInstructions({ requestContext: context })).toBe(`Hello {{who}} \${x}. ${NASTY}`);
    const tools = await built.agent.listTools() as Record<string, { description?: string }>;
    expect(tools['odd-name']?.description).toBe(NASTY);
    expect(built.agent.name).toBe(`Nasty ${NASTY}`);
  });

  it('guards RemoteTools as the runtime does (httpCall): a host from an argument (network.allow), url_allow_list, private addresses', async () => {
    const spec = deserialize(`
component_type: Agent
id: fetcher
name: fetcher
system_prompt: fetch
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:8000"}
tools:
  - {component_type: RemoteTool, id: get, name: get, url: "http://{{host}}/x", http_method: GET, inputs: [{title: host, type: string}]}
  - {component_type: RemoteTool, id: listed, name: listed, url: "http://127.0.0.1:9/api/{{p}}", url_allow_list: ["http://127.0.0.1:9/api/ok"], http_method: GET, inputs: [{title: p, type: string}]}
  - {component_type: RemoteTool, id: internal, name: internal, url: "http://10.0.0.1:9/x", http_method: GET}
agentspec_version: 26.1.2
`);
    const { build } = await importEmitted(spec);
    expect(await toolOutcome(build, {}, 'get', { host: '127.0.0.1:9' })).toMatch(/^AS_HTTP_REFUSED: /);
    // allowed: the call is made (nothing answers on port 9)
    expect(await toolOutcome(build, { network: { allow: ['127.0.0.1'] }, http: { retries: 0 } }, 'get', { host: '127.0.0.1:9' })).toMatch(/^AS_HTTP_STATUS: .*no HTTP answer/);
    expect(await toolOutcome(build, {}, 'listed', { p: 'other' })).toMatch(/^AS_HTTP_REFUSED: .*url_allow_list/);
    expect(await toolOutcome(build, { http: { retries: 0 } }, 'listed', { p: 'ok' })).toMatch(/^AS_HTTP_STATUS: GET http:\/\/127\.0\.0\.1:9\/api\/ok failed, no HTTP answer/);
    expect(await toolOutcome(build, {}, 'internal', {})).toMatch(/^AS_HTTP_REFUSED: .*private address/);
  });

  it('keeps a flow\'s spec intact and its ids as written', async () => {
    const flow = caseSpec('nodes/flow-node') as Flow;
    const { code } = emitMastra(flow);
    expect(code).toContain('.then(sub)\n    .then(subCall)\n    .then(subFlow)\n    .then(subReturn)');
    const { build } = await importEmitted(flow);
    const built = build({ tools: { double: () => 0 } });
    if (built.kind !== 'workflow') throw new Error('a workflow');
    expect(built.workflow.id).toBe(flow.id);
  });

  it('writes ParallelFlowNodes (steps.parallel of a workflow per subflow), ParallelMapNodes (.foreach) and CatchExceptionNodes (:try around the subflow), and runs them', async () => {
    expect(emitMastra(caseSpec('parallel/flow-node-merges-outputs')).code).toContain([
      "const bothParallel = steps.parallel('both', [bothBranch0, bothBranch1]);",
    ].join('\n'));
    const mapped = emitMastra(caseSpec('parallel/map-node-keeps-order')).code;
    expect(mapped).toContain("execute: steps.each('map', mapFlow),");
    expect(mapped).toContain('.foreach(mapEach, { concurrency: steps.parallelism })');
    const guarded = caseSpec('exceptions/catch-tool-failure');
    const { code } = emitMastra(guarded);
    expect(code).toContain('execute: steps.catching(guardFlow),');
    expect(code).toContain('.then(guard)\n    .then(guardCall)\n    .then(guardTry)\n    .then(guardReturn)\n    .branch([');
    // the emitted workflow's own steps run: a caught failure leaves by caught_exception_branch
    const app = await mastraRuntime({ build: emittedCompile }).load(guarded, { tools: { explode: () => { throw new Error('no'); } } });
    try {
      expect(await app.start({ inputs: { reason: 'x' } }).run()).toMatchObject({ type: 'finished', branch: 'recovered', outputs: { shout: '(nothing)' } });
    } finally {
      await app.close();
    }
  });

  it('keeps odd node ids and messages as data in a flow, and runs it', async () => {
    const flow = oddFlow();
    const app = await mastraRuntime({ build: emittedCompile }).load(flow);
    try {
      const status = await app.start({ inputs: { who: '{{who}} ${x}' } }).run();
      expect(status).toMatchObject({ type: 'finished', messages: [{ role: 'assistant', content: `{{who}} \${x}: ${NASTY.replace('{{other}}', '')}` }] });
    } finally {
      await app.close();
    }
  });

  it('writes a cycle entered in the middle as a dispatcher loop, with the compile\'s warning, and runs it', async () => {
    const { code, warnings } = emitMastra(deserialize(IRREDUCIBLE_FLOW));
    expect(warnings).toEqual([expect.objectContaining({ kind: 'approximated', component: 'ping_pong', message: expect.stringContaining('cycle entered in the middle') })]);
    expect(code).toContain('.dountil(dispatch, steps.finished)');
    const app = await mastraRuntime({ build: emittedCompile }).load(deserialize(IRREDUCIBLE_FLOW), { tools: INCREMENT });
    try {
      const status = await app.start({ inputs: { n: 0 } }).run();
      expect(status).toMatchObject({ type: 'finished', outputs: { n: 3 } });
    } finally {
      await app.close();
    }
  });

  it('refuses what it cannot emit, with the codes compileMastra uses', () => {
    const tool = deserialize('{"component_type": "ServerTool", "id": "t", "name": "t", "agentspec_version": "25.4.1"}');
    expect(refusal(() => emitMastra(tool))).toBe('AS_UNSUPPORTED');
    const oci = SMALL_AGENT.replace(/llm_config: .*\n/, 'llm_config: {component_type: OciGenAiConfig, id: oci, name: oci, model_id: m, compartment_id: c, client_config: {component_type: OciClientConfigWithApiKey, id: cc, name: cc, service_endpoint: "https://x", auth_type: API_KEY, auth_profile: p, auth_file_location: f}}\n');
    expect(refusal(() => emitMastra(deserialize(oci)))).toBe('AS_UNSUPPORTED');
    const mtlsSpec = deserialize(`
component_type: Agent
id: a
name: a
system_prompt: hi
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:8000"}
tools:
  - component_type: MCPTool
    id: t
    name: t
    client_transport: {component_type: StreamableHTTPmTLSTransport, id: tr, name: tr, url: "https://127.0.0.1:1/mcp", key_file: k, cert_file: c, ca_file: ca}
agentspec_version: 25.4.1
`);
    expect(refusal(() => emitMastra(mtlsSpec))).toBe('AS_UNSUPPORTED');
  });
});

describe('emitMastra: groups and message transforms', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm({ strict: true, rules: [] });
  });
  afterAll(async () => {
    await llm.close();
  });

  it('writes a Swarm\'s members and the tools standing for one another out, its strings as data', async () => {
    const spec = oddSwarm();
    const { code } = emitMastra(spec, { source: 'odd.yaml' });
    expect(code).toContain(["  const membersMembers = members.owner('members', {", '    // asks build *\\/ ${x}, whose answer is the result', "    send_message_to_build______x_: members.sendMessage('it\\'s ${x} */'),"].join('\n'));
    expect(code).toContain("owners: { members: membersMembers, 'it\\'s ${x} */': buildX },");
    const { build } = await importEmitted(spec);
    const built = build({ llm: { baseURL: llm.url } });
    if (built.kind !== 'group') throw new Error('a group');
    // the ids stay member ids (keys of owners), the names and prompts stay text
    expect(Object.keys(built.owners)).toEqual(['members', 'it\'s ${x} */']);
    expect(built.agent).toBe(built.owners.members);
    expect(built.owners['it\'s ${x} */']?.name).toBe('build */ ${x}');
    expect(await built.owners.members?.getInstructions({ requestContext: new RequestContext() })).toBe(`members: ${NASTY}`);
    const tools = Object.keys(await built.agent.listTools());
    expect(tools).toEqual(['send_message_to_build______x_', 'transfer_to_build______x_']);
    // the agent asked by another has no transfer tool
    // every agent made (Mastra ids: the member's id made safe), each owning the conversation or asked
    expect(Object.keys(built.agents).sort()).toEqual(['it_s___x____', 'it_s___x____.asked', 'members', 'members.asked']);
    expect(Object.keys(await built.agents['members.asked']!.listTools())).toEqual(['send_message_to_build______x_']);
    await built.close();
  });

  it('refuses a group whose members stop the run for the caller, as compileMastra does', () => {
    const swarm = caseSpec('multi-agent/swarm-transfer-always');
    const text = serialize(swarm, { format: 'yaml' }).replace('tools: []', 'tools:\n      - {component_type: ClientTool, id: where, name: where}');
    expect(refusal(() => emitMastra(deserialize(text)))).toBe('AS_UNSUPPORTED');
  });

  it('summarizes on its own with its message transforms: the transform\'s LLM and instructions, cached per conversation', async () => {
    const spec = caseSpec('multi-agent/summarization-message-cached');
    const long = 'Hello, my parcel number 42 arrived today and the box was completely crushed.';
    llm.setRules([
      { match: { systemPromptContains: 'Summarize this message', lastMessage: { contains: 'parcel number 42' } }, answer: { text: 'parcel 42 arrived crushed' } },
      { match: { systemPromptContains: 'You answer customer emails' }, answer: { text: 'Sorry about parcel 42.' } },
    ]);
    llm.clear();
    const { build } = await importEmitted(spec);
    /** One generation in a new build: its text, and what each LLM was asked (the model, then the conversation without the system prompt). */
    const ask = async (conversationId: string, messages: { role: 'user' | 'assistant'; content: string }[]) => {
      llm.clear();
      const built = build({ llm: { baseURL: llm.url }, conversationId });
      if (built.kind !== 'agent') throw new Error('an agent');
      const result = await built.agent.generate(messages as unknown as Parameters<typeof built.agent.generate>[0]);
      await built.close();
      return { text: result.text, asked: llm.requests.map((r) => `${r.model}: ${r.messages.filter((m) => m.role !== 'system').map((m) => m.content).join(' | ')}`) };
    };
    const summarized = 'scripted-model: Summary: parcel 42 arrived crushed';
    expect(await ask('c1', [{ role: 'user', content: long }])).toEqual({ text: 'Sorry about parcel 42.', asked: [`scripted-summarizer: ${long}`, summarized] });
    // another build, the same conversation: the summary comes from the module's cache
    const later = await ask('c1', [{ role: 'user', content: long }, { role: 'assistant', content: 'Sorry about parcel 42.' }, { role: 'user', content: 'Refund?' }]);
    expect(later.asked).toEqual([`${summarized} | Sorry about parcel 42. | Refund?`]);
    // another conversation: summarized again
    expect((await ask('c2', [{ role: 'user', content: long }])).asked).toEqual([`scripted-summarizer: ${long}`, summarized]);
  });
});
