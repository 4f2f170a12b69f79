import { COMMON_FIELDS, type FieldSpec } from '../model/fields.js';
import { isSensitiveField } from '../model/sensitive.js';
import type { LaterComponentOf, LaterComponentType } from '../model/later-types.js';
import type { ComponentType } from '../model/types.js';
import { fieldSince, hasReadValueGate } from '../versions/gates.js';
import { ADDED_FIELDS } from './later/added-fields.js';
import { LATER_HANDLERS } from './later/registry.js';
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

/** Every typed component type of a version after 25.4.1 (read, checked and written like the built-in ones). */
export const LATER_COMPONENT_TYPES = Object.keys(LATER_HANDLERS) as LaterComponentType[];

/** Every component type with a field table: the built-in ones, then the later ones. */
export const TYPED_COMPONENT_TYPES: readonly (ComponentType | LaterComponentType)[] = [...COMPONENT_TYPES, ...LATER_COMPONENT_TYPES];

/** Handlers by type (a Map: a document's `component_type` may be `__proto__` or `constructor`). */
const HANDLER_OF = new Map<string, ComponentHandler>(TYPED_COMPONENT_TYPES.map((t) => [t, Object.hasOwn(HANDLERS, t) ? HANDLERS[t as ComponentType] : LATER_HANDLERS[t as LaterComponentType]]));

/** Whether a type has a field table (built in, or a later version's). */
export function isTypedType(type: string): type is ComponentType | LaterComponentType {
  return HANDLER_OF.has(type);
}

/** The handler of a typed component type. */
export function handlerOf(type: ComponentType | LaterComponentType): ComponentHandler {
  return HANDLER_OF.get(type) as ComponentHandler;
}

/** A field's spec as the registry serves it: sensitive when SENSITIVE_FIELDS says, `since` from the version table when the handler does not say. */
function complete(type: string, f: FieldSpec): FieldSpec {
  let out = f;
  if (isSensitiveField(type, f.name)) out = { ...out, sensitive: true };
  const since = out.since ?? fieldSince(type, f.name);
  if (since && out.since === undefined) out = { ...out, since };
  return out;
}

const ALL_FIELDS = new Map<string, readonly FieldSpec[]>(
  TYPED_COMPONENT_TYPES.map((t) => [t, [...COMMON_FIELDS, ...handlerOf(t).fields, ...(ADDED_FIELDS[t as ComponentType] ?? [])].map((f) => complete(t, f))]),
);

/** All fields of a typed component type, common ones first, in writing order. */
export function fieldsOf(type: ComponentType | LaterComponentType): readonly FieldSpec[] {
  return ALL_FIELDS.get(type) as readonly FieldSpec[];
}

const FIELD_NAMES = new Map<string, ReadonlySet<string>>(TYPED_COMPONENT_TYPES.map((t) => [t, new Set(fieldsOf(t).map((f) => f.name))]));

const HOLDING_KINDS: ReadonlySet<string> = new Set(['component', 'component-list', 'component-pairs', 'component-or-string-list', 'json', 'json-object']);
const HOLDING_FIELDS = new Map<string, readonly string[]>(TYPED_COMPONENT_TYPES.map((t) => [t, fieldsOf(t).filter((f) => HOLDING_KINDS.has(f.type.kind)).map((f) => f.name)]));

/**
 * Names of the fields of a typed component type whose value can hold a
 * component (component kinds, and JSON values a reference may resolve to a
 * component in): the only fields a walk over contained components reads,
 * besides fields the type does not declare.
 */
export function holdingFieldsOf(type: ComponentType | LaterComponentType): readonly string[] {
  return HOLDING_FIELDS.get(type) as readonly string[];
}

/** Names of all fields of a typed component type, for quick membership tests. */
export function fieldNamesOf(type: ComponentType | LaterComponentType): ReadonlySet<string> {
  return FIELD_NAMES.get(type) as ReadonlySet<string>;
}

/** Everything the reader looks up for a typed component type (handlerOf, fieldsOf, fieldNamesOf, holdingFieldsOf). */
export interface TypedInfo {
  /**
   * The type's name as the library spells it (one string for all documents):
   * drafts hold it, not the document's copy, so later lookups by it hash nothing.
   */
  readonly type: ComponentType | LaterComponentType;
  readonly handler: ComponentHandler;
  readonly fields: readonly FieldSpec[];
  readonly names: ReadonlySet<string>;
  readonly holding: readonly string[];
  /** Names of the fields whose values a version gates when read (hasReadValueGate); undefined when none. */
  readonly valueGated: ReadonlySet<string> | undefined;
}

const TYPED_INFO = new Map<string, TypedInfo>(TYPED_COMPONENT_TYPES.map((t) => [t, {
  type: t,
  handler: handlerOf(t), fields: fieldsOf(t), names: fieldNamesOf(t), holding: holdingFieldsOf(t),
  valueGated: valueGatedFields(t),
}]));

function valueGatedFields(type: string): ReadonlySet<string> | undefined {
  const names = fieldsOf(type as ComponentType).map((f) => f.name).filter((name) => hasReadValueGate(type, name));
  return names.length > 0 ? new Set(names) : undefined;
}

/** What the reader needs of a type, in one lookup; undefined when the type is not a typed one (isTypedType). */
export function typedInfo(type: string): TypedInfo | undefined {
  return TYPED_INFO.get(type);
}

/** A component of a later version as its typed interface, or undefined when it is not one of `type`. */
export function laterComponent<T extends LaterComponentType>(component: { readonly component_type: string } | undefined | null, type: T): LaterComponentOf<T> | undefined {
  return component?.component_type === type ? (component as unknown as LaterComponentOf<T>) : undefined;
}
