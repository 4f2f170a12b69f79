import {
  agent, clientTool, mcpTool, ociGenAiConfig, openAiCompatibleConfig, openAiConfig, remoteTool, serverTool, sseTransport, stdioTransport,
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
