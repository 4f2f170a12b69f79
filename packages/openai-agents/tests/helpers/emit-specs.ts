import {
  agent, clientTool, deserialize, type Component, mcpTool, ociGenAiConfig, openAiCompatibleConfig, openAiConfig, remoteTool, serverTool, sseTransport, stdioTransport,
  type Agent,
} from '@agentspec/core';

/** Every awkward character a string of a spec may hold, for the escaping tests. */
export const NASTY = "it's `${process.exit(1)}` \\ \"q\" */ /* // \n second line\r\n\u2028 {{ x }} ${'$'}{y}";

/** Agents beyond the conformance cases that exercise the other parts of the emitter (they are emitted and typechecked). */
export function extraSpecs(): { id: string; spec: Agent }[] {
  const local = openAiCompatibleConfig({ id: 'llm', name: 'local', model_id: 'm', url: 'http://127.0.0.1:8000' });
  return [
    {
      id: 'extra/escaping',
      spec: agent({
        id: 'nasty', name: NASTY, description: NASTY, system_prompt: `Hello {{user}}. ${NASTY}`, llm_config: local,
        inputs: [{ title: 'user', type: 'string' }, { title: 'x', type: 'string', default: '{{user}}' }, { title: 'count', type: 'integer', default: 2 }],
        outputs: [{ title: 'answer', type: 'string', description: NASTY }, { title: 'n', type: 'integer', default: 0 }],
        tools: [
          serverTool({ id: 's', name: "it's */ a `tool`", description: NASTY, inputs: [{ title: 'q', type: 'string', description: NASTY }] }),
          serverTool({ id: 's2', name: '__proto__', inputs: [{ title: 'constructor', type: 'object', additionalProperties: { type: 'number' } }] }),
          clientTool({ id: 'c', name: 'class', inputs: [{ title: 'x', type: ['string', 'null'], default: null }] }),
        ],
      }),
    },
    {
      id: 'extra/openai-remote-mcp',
      spec: agent({
        id: 'many', name: 'Many tools', system_prompt: 'Use the tools.', human_in_the_loop: false,
        llm_config: openAiConfig({ id: 'gpt', name: 'gpt', model_id: 'gpt-4o-mini', default_generation_parameters: { temperature: 0.5, seed: 7 } }),
        tools: [
          remoteTool({
            id: 'post', name: 'post_it', url: 'https://{{host}}/items?x=1', http_method: 'post', inputs: [{ title: 'host', type: 'string' }, { title: 'text', type: 'string' }],
            headers: { 'X-Token': '{{text}}', 'content-type': 'application/x-www-form-urlencoded' }, query_params: { tag: ['a', '{{text}}'] }, data: { text: '{{text}}', n: 1 },
          }),
          mcpTool({
            id: 'stdio_tool', name: 'stdio_tool', outputs: [{ title: 'a', type: 'number' }, { title: 'b', type: 'number' }], requires_confirmation: true,
            client_transport: stdioTransport({ id: 'stdio', name: 'local server', command: 'node', args: ['server.mjs'], env: { A: '1' } }),
          }),
          mcpTool({ id: 'sse_tool', name: 'sse_tool', client_transport: sseTransport({ id: 'sse', name: 'sse', url: 'http://127.0.0.1:9/sse', headers: { a: 'b' } }) }),
        ],
      }),
    },
    {
      id: 'extra/oci',
      spec: agent({
        id: 'oci', name: 'OCI', system_prompt: 'Hi.',
        llm_config: ociGenAiConfig({
          id: 'oci_llm', name: 'oci', model_id: 'cohere', compartment_id: 'ocid1.compartment',
          client_config: { component_type: 'OciClientConfigWithInstancePrincipal', id: 'cc', name: 'cc', service_endpoint: 'https://example.com' },
        } as never),
      }),
    },
  ];
}

/** A chat agent of a group, in the JSON of a spec. */
function member(id: string, name: string, prompt: string, llm: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  // NASTY's placeholder {{ x }} is an input
  const inputs = prompt.includes(NASTY) ? [{ title: 'x', type: 'string', default: 'X' }] : [];
  return { component_type: 'Agent', id, name, description: `${name} (${NASTY})`, system_prompt: prompt, llm_config: { $component_ref: llm }, tools: [], inputs, ...extra };
}

const LLMS = {
  llm: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: NASTY, model_id: 'm', url: 'http://127.0.0.1:8000' },
  other: { component_type: 'VllmConfig', id: 'other', name: 'other', model_id: 'm2', url: 'http://127.0.0.1:8001', default_generation_parameters: { temperature: 0.2 } },
};

/**
 * Swarms and ManagerWorkers beyond the conformance cases (emitted and typechecked): names, descriptions and prompts
 * with every awkward character, relationships going round, two LLM configs, inputs, each handoff mode.
 */
export function extraGroupSpecs(): { id: string; spec: Component }[] {
  const swarm = (mode: string) => ({
    component_type: 'Swarm', id: `nasty-${mode}`, name: NASTY, handoff: mode,
    first_agent: { $component_ref: 'a' },
    relationships: [[{ $component_ref: 'a' }, { $component_ref: 'b' }], [{ $component_ref: 'b' }, { $component_ref: 'a' }], [{ $component_ref: 'a' }, { $component_ref: 'c' }]],
    $referenced_components: {
      a: member('a', "it's `a`", `Hello {{user}}. ${NASTY}`, 'llm', { inputs: [{ title: 'user', type: 'string', default: 'you' }, { title: 'x', type: 'string', default: 'X' }] }),
      b: member('b', 'class', NASTY, 'other', { tools: [{ component_type: 'ServerTool', id: 's', name: "it's */ a `tool`", description: NASTY, inputs: [{ title: 'q', type: 'string' }] }] }),
      c: member('c', '__proto__', 'You are C.', 'llm'),
      ...LLMS,
    },
    agentspec_version: '26.1.0',
  });
  const team = {
    component_type: 'ManagerWorkers', id: 'nasty-team', name: NASTY,
    group_manager: { $component_ref: 'boss' },
    workers: [{ $component_ref: 'w1' }, { $component_ref: 'w2' }],
    $referenced_components: {
      boss: member('boss', NASTY, NASTY, 'llm'),
      w1: member('w1', 'Build', 'You are a worker.', 'other'),
      w2: member('w2', '1 two', 'You are another worker.', 'llm', { tools: [{ component_type: 'ServerTool', id: 's2', name: 'constructor', inputs: [{ title: 'x', type: 'integer' }] }] }),
      ...LLMS,
    },
    agentspec_version: '26.1.0',
  };
  return [
    ...['always', 'optional', 'never'].map((mode) => ({ id: `extra/swarm-${mode}`, spec: deserialize(JSON.stringify(swarm(mode))) })),
    { id: 'extra/manager-workers', spec: deserialize(JSON.stringify(team)) },
  ];
}
