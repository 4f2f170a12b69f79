import * as as from '../../src/index.js';
import type { Component, ComponentType } from '../../src/index.js';

/** One realistic instance of every built-in component type, with fixed ids. */
export function samples(): Record<ComponentType, Component> {
  const llm = as.vllmConfig({ id: 'llm', name: 'llama', model_id: 'meta/llama-3.1-8b', url: 'http://llm.local', default_generation_parameters: { temperature: 0.2, max_tokens: 256 } });
  const weather = as.serverTool({
    id: 'weather', name: 'get_weather', description: 'Weather in a city',
    inputs: [{ title: 'city', type: 'string', description: 'City name' }], outputs: [{ title: 'forecast', type: 'string' }],
  });
  const start = as.startNode({ id: 'start', name: 'start', inputs: [{ title: 'city', type: 'string' }] });
  const toolStep = as.toolNode({ id: 'tool', name: 'weather step', tool: weather });
  const end = as.endNode({ id: 'end', name: 'end', outputs: [{ title: 'forecast', type: 'string' }] });
  const cfe1 = as.controlFlowEdge({ id: 'c1', name: 'start->tool', from_node: start, to_node: toolStep });
  const cfe2 = as.controlFlowEdge({ id: 'c2', name: 'tool->end', from_node: toolStep, to_node: end });
  const dfe1 = as.dataFlowEdge({ id: 'd1', name: 'city', source_node: start, source_output: 'city', destination_node: toolStep, destination_input: 'city' });
  const dfe2 = as.dataFlowEdge({ id: 'd2', name: 'forecast', source_node: toolStep, source_output: 'forecast', destination_node: end, destination_input: 'forecast' });
  const subflow = as.flow({ id: 'weather_flow', name: 'weather flow', start_node: start, nodes: [start, toolStep, end], control_flow_connections: [cfe1, cfe2], data_flow_connections: [dfe1, dfe2] });
  const agentC = as.agent({ id: 'agent', name: 'assistant', llm_config: llm, system_prompt: 'You help with {{topic}}.', tools: [weather], outputs: [{ title: 'answer', type: 'string' }] });
  const openai = as.openAiConfig({ id: 'openai', name: 'gpt', model_id: 'gpt-4o-mini' });
  const ociKey = as.ociClientConfigWithApiKey({ id: 'oci_key', name: 'oci', service_endpoint: 'https://oci.example', auth_profile: 'DEFAULT', auth_file_location: '~/.oci/config' });
  const stdio = as.stdioTransport({ id: 'stdio', name: 'mcp stdio', command: 'node', args: ['server.js'] });
  const all: Record<ComponentType, Component> = {
    Agent: agentC,
    OpenAiAgent: as.openAiAgent({ id: 'oa_agent', name: 'remote', llm_config: openai, remote_agent_id: 'asst_1' }),
    OciAgent: as.ociAgent({ id: 'oci_agent', name: 'oci agent', agent_endpoint_id: 'ocid1.endpoint', client_config: ociKey }),
    Flow: subflow,
    StartNode: start,
    EndNode: as.endNode({ id: 'end2', name: 'done', branch_name: 'DONE' }),
    LlmNode: as.llmNode({ id: 'llm_node', name: 'summarize', llm_config: llm, prompt_template: 'Summarize {{text}} in {{ words }} words' }),
    ApiNode: as.apiNode({
      id: 'api', name: 'orders', url: 'https://api.example/orders/{{order_id}}', http_method: 'POST',
      headers: { 'X-Store': '{{store}}' }, data: { item: '{{item}}' }, outputs: [{ title: 'status', type: 'string' }],
    }),
    AgentNode: as.agentNode({ id: 'agent_node', name: 'ask', agent: agentC }),
    FlowNode: as.flowNode({ id: 'flow_node', name: 'sub', subflow }),
    MapNode: as.mapNode({ id: 'map', name: 'each city', subflow }),
    BranchingNode: as.branchingNode({ id: 'branch', name: 'route', mapping: { yes: 'APPROVED', no: 'REJECTED' } }),
    ToolNode: toolStep,
    InputMessageNode: as.inputMessageNode({ id: 'ask_user', name: 'ask user', message: 'Which city, {{name}}?' }),
    OutputMessageNode: as.outputMessageNode({ id: 'say', name: 'say', message: 'Forecast: {{forecast}}' }),
    ControlFlowEdge: cfe1,
    DataFlowEdge: dfe1,
    OpenAiConfig: openai,
    OpenAiCompatibleConfig: as.openAiCompatibleConfig({ id: 'compat', name: 'compat', model_id: 'm', url: 'http://127.0.0.1:8000' }),
    VllmConfig: llm,
    OllamaConfig: as.ollamaConfig({ id: 'ollama', name: 'ollama', model_id: 'llama3', url: 'http://localhost:11434' }),
    OciGenAiConfig: as.ociGenAiConfig({ id: 'oci_llm', name: 'oci llm', model_id: 'cohere.command-r', compartment_id: 'ocid1.compartment', client_config: ociKey, provider: 'COHERE' }),
    OciClientConfigWithApiKey: ociKey,
    OciClientConfigWithSecurityToken: as.ociClientConfigWithSecurityToken({ id: 'oci_tok', name: 'tok', service_endpoint: 'https://oci.example', auth_profile: 'P', auth_file_location: '~/.oci/config' }),
    OciClientConfigWithInstancePrincipal: as.ociClientConfigWithInstancePrincipal({ id: 'oci_ip', name: 'ip', service_endpoint: 'https://oci.example' }),
    OciClientConfigWithResourcePrincipal: as.ociClientConfigWithResourcePrincipal({ id: 'oci_rp', name: 'rp', service_endpoint: 'https://oci.example' }),
    ServerTool: weather,
    ClientTool: as.clientTool({ id: 'client', name: 'pick_file', inputs: [{ title: 'pattern', type: 'string' }], outputs: [{ title: 'path', type: 'string' }] }),
    RemoteTool: as.remoteTool({ id: 'remote', name: 'lookup', url: 'https://api.example/items/{{id}}', http_method: 'GET', query_params: { verbose: 'true' } }),
    MCPTool: as.mcpTool({ id: 'mcp', name: 'search', client_transport: stdio, inputs: [{ title: 'query', type: 'string' }] }),
    StdioTransport: stdio,
    SSETransport: as.sseTransport({ id: 'sse', name: 'sse', url: 'http://127.0.0.1:9000/sse', headers: { 'X-Team': 'a' } }),
    StreamableHTTPTransport: as.streamableHttpTransport({ id: 'http', name: 'http', url: 'http://127.0.0.1:9000/mcp' }),
    SSEmTLSTransport: as.sseMtlsTransport({ id: 'sse_tls', name: 'sse tls', url: 'https://mcp.example/sse', key_file: 'k.pem', cert_file: 'c.pem', ca_file: 'ca.pem' }),
    StreamableHTTPmTLSTransport: as.streamableHttpMtlsTransport({ id: 'http_tls', name: 'http tls', url: 'https://mcp.example/mcp', key_file: 'k.pem', cert_file: 'c.pem', ca_file: 'ca.pem' }),
  };
  return all;
}

/** Values a loader needs to read back the secrets `samples()` writes as references. */
export const SAMPLE_SECRETS: Record<string, string> = {
  'sse_tls.key_file': 'k.pem', 'sse_tls.cert_file': 'c.pem', 'sse_tls.ca_file': 'ca.pem',
  'http_tls.key_file': 'k.pem', 'http_tls.cert_file': 'c.pem', 'http_tls.ca_file': 'ca.pem',
  'oci_key.auth_file_location': '~/.oci/config', 'oci_tok.auth_file_location': '~/.oci/config',
};
