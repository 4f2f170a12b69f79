/**
 * The Agent Spec 25.4.1 component model. Components are plain readonly objects
 * tagged by `component_type`, with the field names of the serialized form, so
 * what you read in a document is what you find on the object. Sub-components
 * are objects (shared ones keep their identity); `$component_ref`s are resolved.
 */

/** An input/output property: a JSON Schema object with at least a `title`. */
export interface Property {
  readonly title: string;
  readonly type?: JsonSchemaType | readonly JsonSchemaType[];
  readonly description?: string;
  readonly default?: unknown;
  readonly [keyword: string]: unknown;
}
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
export type JsonObject = { readonly [key: string]: unknown };

export interface LlmGenerationConfig {
  readonly max_tokens?: number | null;
  readonly temperature?: number | null;
  readonly top_p?: number | null;
  readonly [parameter: string]: unknown;
}
export interface SessionParameters {
  readonly read_timeout_seconds?: number;
  readonly [parameter: string]: unknown;
}
export type ReductionMethod = 'append' | 'sum' | 'average' | 'max' | 'min';

export interface ComponentBase {
  readonly component_type: string;
  readonly id: string;
  readonly name: string;
  readonly description?: string | null;
  readonly metadata?: JsonObject | null;
}
export interface ComponentWithIO extends ComponentBase {
  readonly inputs?: readonly Property[] | null;
  readonly outputs?: readonly Property[] | null;
}

// ---- Agentic components
export interface Agent extends ComponentWithIO {
  readonly component_type: 'Agent';
  readonly llm_config: LlmConfig;
  readonly system_prompt: string;
  readonly tools: readonly Tool[];
  /** 25.4.2: whether the agent may hand control back to the user. */
  readonly human_in_the_loop?: boolean;
  /** 25.4.2: toolboxes (MCPToolBox), each exposing the tools of a server. */
  readonly toolboxes?: readonly Component[] | null;
  /** 26.1.2: message transforms applied before the LLM (summarization). */
  readonly transforms?: readonly Component[] | null;
}
export interface OpenAiAgent extends ComponentWithIO {
  readonly component_type: 'OpenAiAgent';
  readonly llm_config: OpenAiConfig;
  readonly remote_agent_id?: string | null;
}
export interface OciAgent extends ComponentWithIO {
  readonly component_type: 'OciAgent';
  readonly agent_endpoint_id: string;
  readonly client_config: OciClientConfig;
  /** 26.1.2 */
  readonly retry_policy?: JsonObject | null;
}
export interface Flow extends ComponentWithIO {
  readonly component_type: 'Flow';
  readonly start_node: StartNode;
  readonly nodes: readonly Node[];
  readonly control_flow_connections: readonly ControlFlowEdge[];
  readonly data_flow_connections?: readonly DataFlowEdge[] | null;
}
export type AgenticComponent = Agent | OpenAiAgent | OciAgent | Flow | UnknownComponent;

// ---- Nodes
export interface NodeBase extends ComponentWithIO {
  readonly branches: readonly string[];
}
export interface StartNode extends NodeBase { readonly component_type: 'StartNode' }
export interface EndNode extends NodeBase { readonly component_type: 'EndNode'; readonly branch_name: string }
export interface LlmNode extends NodeBase {
  readonly component_type: 'LlmNode';
  readonly llm_config: LlmConfig;
  readonly prompt_template: string;
}
export interface ApiNode extends NodeBase, HttpCall { readonly component_type: 'ApiNode' }
export interface AgentNode extends NodeBase { readonly component_type: 'AgentNode'; readonly agent: AgenticComponent }
export interface FlowNode extends NodeBase { readonly component_type: 'FlowNode'; readonly subflow: Flow }
export interface MapNode extends NodeBase {
  readonly component_type: 'MapNode';
  readonly subflow: Flow;
  readonly reducers?: Readonly<Record<string, ReductionMethod>> | null;
}
export interface BranchingNode extends NodeBase {
  readonly component_type: 'BranchingNode';
  readonly mapping: Readonly<Record<string, string>>;
}
export interface ToolNode extends NodeBase { readonly component_type: 'ToolNode'; readonly tool: Tool }
export interface InputMessageNode extends NodeBase { readonly component_type: 'InputMessageNode'; readonly message?: string | null }
export interface OutputMessageNode extends NodeBase { readonly component_type: 'OutputMessageNode'; readonly message: string }
export type Node =
  | StartNode | EndNode | LlmNode | ApiNode | AgentNode | FlowNode | MapNode
  | BranchingNode | ToolNode | InputMessageNode | OutputMessageNode | UnknownComponent;

// ---- Edges
export interface ControlFlowEdge extends ComponentBase {
  readonly component_type: 'ControlFlowEdge';
  readonly from_node: Node;
  readonly from_branch?: string | null;
  readonly to_node: Node;
}
export interface DataFlowEdge extends ComponentBase {
  readonly component_type: 'DataFlowEdge';
  readonly source_node: Node;
  readonly source_output: string;
  readonly destination_node: Node;
  readonly destination_input: string;
}

// ---- LLM configs
export interface LlmConfigBase extends ComponentBase {
  readonly default_generation_parameters?: LlmGenerationConfig | null;
  readonly model_id: string;
  /** 25.4.2: the API called (`chat_completions` or `responses`; OCI: `oci` …). */
  readonly api_type?: string | null;
  /** Sensitive (25.4.2 on OpenAI-compatible configs, 26.1.0 on OpenAiConfig, 26.1.2 on OciGenAiConfig). */
  readonly api_key?: string | null;
  /** 26.1.2 */
  readonly api_provider?: string | null;
  /** 26.1.2: how requests are retried (RetryPolicy). */
  readonly retry_policy?: JsonObject | null;
}
export interface OpenAiConfig extends LlmConfigBase { readonly component_type: 'OpenAiConfig'; readonly url?: string | null; readonly provider?: string | null }
/** 26.1.2: certificate files of an OpenAI-compatible endpoint (sensitive). */
export interface CertificateFiles { readonly key_file?: string | null; readonly cert_file?: string | null; readonly ca_file?: string | null; readonly provider?: string | null }
export interface OpenAiCompatibleConfig extends LlmConfigBase, CertificateFiles { readonly component_type: 'OpenAiCompatibleConfig'; readonly url: string }
export interface VllmConfig extends LlmConfigBase, CertificateFiles { readonly component_type: 'VllmConfig'; readonly url: string }
export interface OllamaConfig extends LlmConfigBase, CertificateFiles { readonly component_type: 'OllamaConfig'; readonly url: string }
export interface OciGenAiConfig extends LlmConfigBase {
  readonly component_type: 'OciGenAiConfig';
  readonly compartment_id: string;
  readonly serving_mode: 'ON_DEMAND' | 'DEDICATED';
  readonly provider?: 'META' | 'GROK' | 'COHERE' | 'OTHER' | 'XAI' | null;
  readonly client_config: OciClientConfig;
  /** 25.4.2 */
  readonly conversation_store_id?: string | null;
  /** 26.1.2 */
  readonly url?: string | null;
}
export type LlmConfig = OpenAiConfig | OpenAiCompatibleConfig | VllmConfig | OllamaConfig | OciGenAiConfig | UnknownComponent;

// ---- OCI client configs
export interface OciClientConfigBase extends ComponentBase { readonly service_endpoint: string }
export interface OciClientConfigWithApiKey extends OciClientConfigBase {
  readonly component_type: 'OciClientConfigWithApiKey';
  readonly auth_type: 'API_KEY';
  readonly auth_profile: string;
  readonly auth_file_location: string;
}
export interface OciClientConfigWithSecurityToken extends OciClientConfigBase {
  readonly component_type: 'OciClientConfigWithSecurityToken';
  readonly auth_type: 'SECURITY_TOKEN';
  readonly auth_profile: string;
  readonly auth_file_location: string;
}
export interface OciClientConfigWithInstancePrincipal extends OciClientConfigBase {
  readonly component_type: 'OciClientConfigWithInstancePrincipal';
  readonly auth_type: 'INSTANCE_PRINCIPAL';
}
export interface OciClientConfigWithResourcePrincipal extends OciClientConfigBase {
  readonly component_type: 'OciClientConfigWithResourcePrincipal';
  readonly auth_type: 'RESOURCE_PRINCIPAL';
}
export type OciClientConfig =
  | OciClientConfigWithApiKey | OciClientConfigWithSecurityToken
  | OciClientConfigWithInstancePrincipal | OciClientConfigWithResourcePrincipal | UnknownComponent;

// ---- Tools
export interface ToolBase extends ComponentWithIO {
  /** 25.4.2: ask the user before each call. */
  readonly requires_confirmation?: boolean;
}
export interface HttpCall {
  readonly url: string;
  readonly http_method: string;
  readonly api_spec_uri?: string | null;
  readonly data: unknown;
  readonly query_params: JsonObject;
  readonly headers: JsonObject;
  /** 26.1.2: the URLs (scheme, host, port and path prefix) the rendered URL and every redirect hop must be in. */
  readonly url_allow_list?: readonly string[] | null;
  /** 25.4.2: headers with secret values (sensitive). */
  readonly sensitive_headers?: Readonly<Record<string, string>> | null;
  /** 26.1.2: how the call is retried (RetryPolicy). */
  readonly retry_policy?: JsonObject | null;
}
export interface ServerTool extends ToolBase { readonly component_type: 'ServerTool' }
export interface ClientTool extends ToolBase { readonly component_type: 'ClientTool' }
export interface RemoteTool extends ToolBase, HttpCall { readonly component_type: 'RemoteTool' }
export interface MCPTool extends ToolBase {
  readonly component_type: 'MCPTool';
  readonly client_transport: ClientTransport;
  /** 26.3.1 */
  readonly retry_policy?: JsonObject | null;
}
export type Tool = ServerTool | ClientTool | RemoteTool | MCPTool | UnknownComponent;

// ---- MCP transports
export interface TransportBase extends ComponentBase { readonly session_parameters: SessionParameters }
export interface StdioTransport extends TransportBase {
  readonly component_type: 'StdioTransport';
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>> | null;
  readonly cwd?: string | null;
}
export interface RemoteTransportBase extends TransportBase {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>> | null;
  /** 25.4.2: headers with secret values (sensitive). */
  readonly sensitive_headers?: Readonly<Record<string, string>> | null;
  /** 26.1.2: OAuth authorization (OAuthConfig). */
  readonly auth?: Component | null;
  /** 26.1.2 */
  readonly retry_policy?: JsonObject | null;
}
export interface MtlsFiles { readonly key_file: string; readonly cert_file: string; readonly ca_file: string }
export interface SSETransport extends RemoteTransportBase { readonly component_type: 'SSETransport' }
export interface StreamableHTTPTransport extends RemoteTransportBase { readonly component_type: 'StreamableHTTPTransport' }
export interface SSEmTLSTransport extends RemoteTransportBase, MtlsFiles { readonly component_type: 'SSEmTLSTransport' }
export interface StreamableHTTPmTLSTransport extends RemoteTransportBase, MtlsFiles {
  readonly component_type: 'StreamableHTTPmTLSTransport';
}
export type ClientTransport =
  | StdioTransport | SSETransport | StreamableHTTPTransport | SSEmTLSTransport | StreamableHTTPmTLSTransport | UnknownComponent;

/** Every built-in component of Agent Spec 25.4.1. */
export type BuiltinComponent = Exclude<
  AgenticComponent | Node | ControlFlowEdge | DataFlowEdge | LlmConfig | OciClientConfig | Tool | ClientTransport,
  UnknownComponent
>;
export type ComponentType = BuiltinComponent['component_type'];

/** Marks {@link UnknownComponent} in types only: no object carries it (tell them apart with `isUnknownComponent`). */
declare const unknownComponent: unique symbol;

/**
 * A component this library does not type: a component of a later Agent Spec
 * version (ParallelFlowNode, BuiltinTool, GeminiConfig, …), or a plugin
 * component. The reader keeps its fields exactly (nested components resolved)
 * and writes them back. It is a member of every component union (Node, Tool,
 * LlmConfig, AgenticComponent, ClientTransport, OciClientConfig), so a handler
 * table keyed by kind (`{ [K in NodeKind]: … }`) must say what to do with it:
 * its kind is `UNKNOWN_KIND` (see `kindOf`).
 */
export interface UnknownComponent extends ComponentBase {
  readonly [unknownComponent]: true;
  readonly component_plugin_name?: string;
  readonly component_plugin_version?: string;
  readonly [field: string]: unknown;
}

export type Component = BuiltinComponent | UnknownComponent;

export type ComponentOf<T extends ComponentType> = Extract<BuiltinComponent, { component_type: T }>;
