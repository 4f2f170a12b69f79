import { COMMON_FIELDS, type FieldSpec } from '../model/fields.js';
import { isSensitiveField } from '../model/sensitive.js';
import type { ComponentType } from '../model/types.js';
import { agent, ociAgent, openAiAgent } from './agents.js';
import { controlFlowEdge, dataFlowEdge } from './edges.js';
import { flow } from './flow.js';
import type { ComponentHandler } from './handler.js';
import { ociGenAiConfig, ollamaConfig, openAiCompatibleConfig, openAiConfig, vllmConfig } from './llm-configs.js';
import { agentNode } from './nodes/agent-node.js';
import { apiNode } from './nodes/api-node.js';
import { branchingNode } from './nodes/branching-node.js';
import { endNode } from './nodes/end-node.js';
import { flowNode } from './nodes/flow-node.js';
import { inputMessageNode } from './nodes/input-message-node.js';
import { llmNode } from './nodes/llm-node.js';
import { mapNode } from './nodes/map-node.js';
import { outputMessageNode } from './nodes/output-message-node.js';
import { startNode } from './nodes/start-node.js';
import { toolNode } from './nodes/tool-node.js';
import {
  ociClientConfigWithApiKey, ociClientConfigWithInstancePrincipal,
  ociClientConfigWithResourcePrincipal, ociClientConfigWithSecurityToken,
} from './oci-client-configs.js';
import { clientTool, mcpTool, remoteTool, serverTool } from './tools.js';
import { sseMtlsTransport, sseTransport, stdioTransport, streamableHttpMtlsTransport, streamableHttpTransport } from './transports.js';

/** One handler per built-in component type: adding a type to the model breaks this until it is handled. */
export const HANDLERS: Readonly<Record<ComponentType, ComponentHandler>> = {
  Agent: agent,
  OpenAiAgent: openAiAgent,
  OciAgent: ociAgent,
  Flow: flow,
  StartNode: startNode,
  EndNode: endNode,
  LlmNode: llmNode,
  ApiNode: apiNode,
  AgentNode: agentNode,
  FlowNode: flowNode,
  MapNode: mapNode,
  BranchingNode: branchingNode,
  ToolNode: toolNode,
  InputMessageNode: inputMessageNode,
  OutputMessageNode: outputMessageNode,
  ControlFlowEdge: controlFlowEdge,
  DataFlowEdge: dataFlowEdge,
  OpenAiConfig: openAiConfig,
  OpenAiCompatibleConfig: openAiCompatibleConfig,
  VllmConfig: vllmConfig,
  OllamaConfig: ollamaConfig,
  OciGenAiConfig: ociGenAiConfig,
  OciClientConfigWithApiKey: ociClientConfigWithApiKey,
  OciClientConfigWithSecurityToken: ociClientConfigWithSecurityToken,
  OciClientConfigWithInstancePrincipal: ociClientConfigWithInstancePrincipal,
  OciClientConfigWithResourcePrincipal: ociClientConfigWithResourcePrincipal,
  ServerTool: serverTool,
  ClientTool: clientTool,
  RemoteTool: remoteTool,
  MCPTool: mcpTool,
  StdioTransport: stdioTransport,
  SSETransport: sseTransport,
  StreamableHTTPTransport: streamableHttpTransport,
  SSEmTLSTransport: sseMtlsTransport,
  StreamableHTTPmTLSTransport: streamableHttpMtlsTransport,
};

/** Every built-in component type, in a stable order. */
export const COMPONENT_TYPES = Object.keys(HANDLERS) as ComponentType[];

export function isBuiltinType(type: string): type is ComponentType {
  return Object.hasOwn(HANDLERS, type);
}

const ALL_FIELDS = new Map<string, readonly FieldSpec[]>(
  COMPONENT_TYPES.map((t) => [t, [...COMMON_FIELDS, ...HANDLERS[t].fields].map((f) => (isSensitiveField(t, f.name) ? { ...f, sensitive: true } : f))]),
);

/** All fields of a built-in type, common ones first, in writing order. */
export function fieldsOf(type: ComponentType): readonly FieldSpec[] {
  return ALL_FIELDS.get(type) as readonly FieldSpec[];
}

const FIELD_NAMES = new Map<string, ReadonlySet<string>>(COMPONENT_TYPES.map((t) => [t, new Set(fieldsOf(t).map((f) => f.name))]));

/** Names of all fields of a built-in type, for quick membership tests. */
export function fieldNamesOf(type: ComponentType): ReadonlySet<string> {
  return FIELD_NAMES.get(type) as ReadonlySet<string>;
}
