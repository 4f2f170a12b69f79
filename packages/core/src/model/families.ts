/**
 * Component families: which concrete types may stand where the schema expects
 * an abstract type (Node, Tool, LlmConfig, …). Later-version types are listed
 * so that they are accepted in the right places while they are still opaque.
 */
export type Family =
  | 'Component' | 'AgenticComponent' | 'Agent' | 'Flow' | 'Node' | 'StartNode' | 'Tool' | 'LlmConfig'
  | 'OpenAiConfig' | 'OciClientConfig' | 'ClientTransport' | 'ControlFlowEdge' | 'DataFlowEdge'
  // later versions
  | 'ToolBox' | 'MCPToolSpec' | 'MessageTransform' | 'Datastore' | 'AuthConfig' | 'A2AConnectionConfig'
  | 'AgentSpecializationParameters' | 'GeminiAuthConfig' | 'OAuthClientConfig'
  | 'OracleDatabaseConnectionConfig' | 'PostgresDatabaseConnectionConfig';

const NODES = [
  'StartNode', 'EndNode', 'LlmNode', 'ApiNode', 'AgentNode', 'FlowNode', 'MapNode',
  'BranchingNode', 'ToolNode', 'InputMessageNode', 'OutputMessageNode',
  // later versions
  'ParallelFlowNode', 'ParallelMapNode', 'CatchExceptionNode',
];

export const FAMILIES: Readonly<Record<Exclude<Family, 'Component'>, ReadonlySet<string>>> = {
  AgenticComponent: new Set(['Agent', 'OpenAiAgent', 'OciAgent', 'Flow', 'A2AAgent', 'Swarm', 'ManagerWorkers', 'SpecializedAgent']),
  Agent: new Set(['Agent']),
  Flow: new Set(['Flow']),
  Node: new Set(NODES),
  StartNode: new Set(['StartNode']),
  Tool: new Set(['ServerTool', 'ClientTool', 'RemoteTool', 'MCPTool', 'BuiltinTool']),
  LlmConfig: new Set(['OpenAiConfig', 'OpenAiCompatibleConfig', 'VllmConfig', 'OllamaConfig', 'OciGenAiConfig', 'GeminiConfig', 'LlmConfig', 'DbmsVectorChainLlmConfig']),
  OpenAiConfig: new Set(['OpenAiConfig']),
  OciClientConfig: new Set([
    'OciClientConfigWithApiKey', 'OciClientConfigWithSecurityToken',
    'OciClientConfigWithInstancePrincipal', 'OciClientConfigWithResourcePrincipal',
  ]),
  ClientTransport: new Set(['StdioTransport', 'SSETransport', 'StreamableHTTPTransport', 'SSEmTLSTransport', 'StreamableHTTPmTLSTransport']),
  ControlFlowEdge: new Set(['ControlFlowEdge']),
  DataFlowEdge: new Set(['DataFlowEdge']),
  ToolBox: new Set(['MCPToolBox']),
  MCPToolSpec: new Set(['MCPToolSpec']),
  MessageTransform: new Set(['MessageSummarizationTransform', 'ConversationSummarizationTransform']),
  Datastore: new Set(['InMemoryCollectionDatastore', 'OracleDatabaseDatastore', 'PostgresDatabaseDatastore']),
  AuthConfig: new Set(['OAuthConfig']),
  A2AConnectionConfig: new Set(['A2AConnectionConfig']),
  AgentSpecializationParameters: new Set(['AgentSpecializationParameters']),
  GeminiAuthConfig: new Set(['GeminiAIStudioAuthConfig', 'GeminiVertexAIAuthConfig']),
  OAuthClientConfig: new Set(['OAuthClientConfig']),
  OracleDatabaseConnectionConfig: new Set(['TlsOracleDatabaseConnectionConfig', 'MTlsOracleDatabaseConnectionConfig']),
  PostgresDatabaseConnectionConfig: new Set(['TlsPostgresDatabaseConnectionConfig']),
};

const KNOWN = new Set(Object.values(FAMILIES).flatMap((s) => [...s]));

/**
 * Whether a component of `type` may stand in a field of `family`. A type no
 * family lists (a plugin's, unless it declares one) is accepted anywhere.
 */
export function fitsFamily(type: string, family: Family, pluginFamilies?: readonly Family[]): boolean {
  if (family === 'Component') return true;
  const members = FAMILIES[family];
  if (members.has(type)) return true;
  if (pluginFamilies) return pluginFamilies.includes(family);
  return !KNOWN.has(type);
}
