/**
 * Components of Agent Spec 25.4.2 … 26.3.1 that no runtime runs yet. They are
 * read, checked, written and schema'd like the 25.4.1 ones (with their own
 * field tables), but stay outside the component unions the runtimes' handler
 * tables are keyed on: in `Node`, `Tool`, `LlmConfig`, … they are
 * `UnknownComponent`s (kind `UNKNOWN_KIND`, refused by `admit()`). Narrow one
 * to its interface with `laterComponent(c, 'Swarm')`.
 */
import type {
  Agent, ClientTransport, ComponentBase, ComponentWithIO, Flow, JsonObject, LlmConfig, LlmGenerationConfig,
  NodeBase, Property, ReductionMethod, Tool, UnknownComponent,
} from './types.js';

/** `retry_policy` (26.1.2): how remote calls are retried (RetryPolicy of the spec, a plain object). */
export interface RetryPolicy {
  readonly max_attempts?: number;
  readonly request_timeout?: number | null;
  readonly initial_retry_delay?: number;
  readonly max_retry_delay?: number;
  readonly backoff_factor?: number;
  readonly jitter?: 'decorrelated' | 'equal' | 'full' | 'full_and_equal_for_throttle' | null;
  readonly service_error_retry_on_any_5xx?: boolean;
  readonly recoverable_statuses?: Readonly<Record<string, readonly string[]>>;
  readonly [key: string]: unknown;
}

type AnyAgentic = ComponentBase;

// ---- 25.4.2: multi-agent patterns and remote agents
export interface Swarm extends ComponentWithIO {
  readonly component_type: 'Swarm';
  readonly first_agent: AnyAgentic;
  readonly relationships: readonly (readonly [AnyAgentic, AnyAgentic])[];
  /** A boolean in 25.4.2; `never` | `optional` | `always` from 26.1.0. */
  readonly handoff?: boolean | 'never' | 'optional' | 'always';
}
export interface ManagerWorkers extends ComponentWithIO {
  readonly component_type: 'ManagerWorkers';
  readonly group_manager: AnyAgentic;
  readonly workers: readonly AnyAgentic[];
}
export interface AgentSpecializationParameters extends ComponentWithIO {
  readonly component_type: 'AgentSpecializationParameters';
  readonly additional_instructions?: string | null;
  readonly additional_tools?: readonly Tool[] | null;
  readonly human_in_the_loop?: boolean | null;
}
export interface SpecializedAgent extends ComponentWithIO {
  readonly component_type: 'SpecializedAgent';
  readonly agent: Agent;
  readonly agent_specialization_parameters: AgentSpecializationParameters;
}
export interface A2AConnectionConfig extends ComponentBase {
  readonly component_type: 'A2AConnectionConfig';
  readonly timeout?: number;
  readonly headers?: Readonly<Record<string, string>> | null;
  readonly verify?: boolean;
  readonly key_file?: string | null;
  readonly cert_file?: string | null;
  readonly ssl_ca_cert?: string | null;
  readonly retry_policy?: RetryPolicy | null;
}
export interface A2AAgent extends ComponentWithIO {
  readonly component_type: 'A2AAgent';
  readonly agent_url: string;
  readonly connection_config: A2AConnectionConfig;
  readonly session_parameters?: JsonObject;
}

// ---- 25.4.2: nodes
export interface ParallelFlowNode extends NodeBase { readonly component_type: 'ParallelFlowNode'; readonly subflows: readonly Flow[] }
export interface ParallelMapNode extends NodeBase {
  readonly component_type: 'ParallelMapNode';
  readonly subflow: Flow;
  readonly reducers?: Readonly<Record<string, ReductionMethod>> | null;
}
/** 26.1.2: runs its subflow; an exception leaves by `caught_exception_branch` with `caught_exception_info`. */
export interface CatchExceptionNode extends NodeBase { readonly component_type: 'CatchExceptionNode'; readonly subflow: Flow }

// ---- 25.4.2: tools and toolboxes
export interface BuiltinTool extends ComponentWithIO {
  readonly component_type: 'BuiltinTool';
  readonly requires_confirmation?: boolean;
  readonly tool_type: string;
  readonly configuration?: JsonObject | null;
  readonly executor_name?: string | readonly string[] | null;
  readonly tool_version?: string | null;
}
export interface MCPToolSpec extends ComponentWithIO { readonly component_type: 'MCPToolSpec'; readonly requires_confirmation?: boolean }
export interface MCPToolBox extends ComponentBase {
  readonly component_type: 'MCPToolBox';
  readonly client_transport: ClientTransport;
  readonly tool_filter?: readonly (string | MCPToolSpec)[] | null;
  /** 26.1.2 */
  readonly requires_confirmation?: boolean;
  /** 26.3.1 */
  readonly retry_policy?: RetryPolicy | null;
}

// ---- 26.1.2: LLM configurations and their authentication
export interface GenericLlmFields extends ComponentBase {
  readonly model_id: string;
  readonly provider?: string | null;
  readonly api_provider?: string | null;
  readonly api_type?: string | null;
  readonly url?: string | null;
  readonly api_key?: string | null;
  readonly default_generation_parameters?: LlmGenerationConfig | null;
  readonly retry_policy?: RetryPolicy | null;
}
/** The generic `LlmConfig` (concrete from 26.1.2); its TypeScript name, since `LlmConfig` is the union. */
export interface GenericLlmConfig extends GenericLlmFields { readonly component_type: 'LlmConfig' }
export interface GeminiAIStudioAuthConfig extends ComponentBase { readonly component_type: 'GeminiAIStudioAuthConfig'; readonly api_key?: string | null }
export interface GeminiVertexAIAuthConfig extends ComponentBase {
  readonly component_type: 'GeminiVertexAIAuthConfig';
  readonly project_id?: string | null;
  readonly location?: string;
  readonly credentials?: string | JsonObject | null;
}
export interface GeminiConfig extends GenericLlmFields {
  readonly component_type: 'GeminiConfig';
  readonly auth: GeminiAIStudioAuthConfig | GeminiVertexAIAuthConfig;
}
/** 26.3.1: an LLM run by Oracle Database through DBMS_VECTOR_CHAIN (`model` is its model id). */
export interface DbmsVectorChainLlmConfig extends ComponentBase {
  readonly component_type: 'DbmsVectorChainLlmConfig';
  readonly model: string;
  readonly provider: string;
  readonly url: string;
  readonly host?: string | null;
  readonly credential_name?: string | null;
  readonly transfer_timeout?: number | null;
  readonly default_generation_parameters?: LlmGenerationConfig | null;
}
export interface OAuthClientConfig extends ComponentBase {
  readonly component_type: 'OAuthClientConfig';
  readonly type: 'client_id_metadata_document' | 'dynamic_registration' | 'pre_registered';
  readonly client_id?: string | null;
  readonly client_secret?: string | null;
  readonly token_endpoint_auth_method?: string | null;
  readonly client_id_metadata_url?: string | null;
  readonly registration_endpoint?: string | null;
}
export interface OAuthConfig extends ComponentBase {
  readonly component_type: 'OAuthConfig';
  readonly issuer?: string | null;
  readonly endpoints?: JsonObject | null;
  readonly client: OAuthClientConfig;
  readonly redirect_uri: string;
  readonly scopes?: string | readonly string[] | null;
  readonly scope_policy?: string | null;
  readonly pkce?: JsonObject | null;
  readonly resource?: string | null;
}

// ---- 26.1.2: datastores and transforms
export interface InMemoryCollectionDatastore extends ComponentBase {
  readonly component_type: 'InMemoryCollectionDatastore';
  readonly datastore_schema: Readonly<Record<string, Property>>;
}
export interface TlsOracleDatabaseConnectionConfig extends ComponentBase {
  readonly component_type: 'TlsOracleDatabaseConnectionConfig';
  readonly user: string;
  readonly password: string;
  readonly dsn: string;
  readonly config_dir?: string | null;
  readonly protocol?: 'tcp' | 'tcps';
}
export interface MTlsOracleDatabaseConnectionConfig extends Omit<TlsOracleDatabaseConnectionConfig, 'component_type'> {
  readonly component_type: 'MTlsOracleDatabaseConnectionConfig';
  readonly wallet_location: string;
  readonly wallet_password: string;
}
export interface TlsPostgresDatabaseConnectionConfig extends ComponentBase {
  readonly component_type: 'TlsPostgresDatabaseConnectionConfig';
  readonly user: string;
  readonly password: string;
  readonly url: string;
  readonly sslmode?: 'allow' | 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
  readonly sslcert?: string | null;
  readonly sslkey?: string | null;
  readonly sslrootcert?: string | null;
  readonly sslcrl?: string | null;
}
export interface OracleDatabaseDatastore extends ComponentBase {
  readonly component_type: 'OracleDatabaseDatastore';
  readonly datastore_schema: Readonly<Record<string, Property>>;
  readonly connection_config: TlsOracleDatabaseConnectionConfig | MTlsOracleDatabaseConnectionConfig;
}
export interface PostgresDatabaseDatastore extends ComponentBase {
  readonly component_type: 'PostgresDatabaseDatastore';
  readonly datastore_schema: Readonly<Record<string, Property>>;
  readonly connection_config: TlsPostgresDatabaseConnectionConfig;
}
export type Datastore = InMemoryCollectionDatastore | OracleDatabaseDatastore | PostgresDatabaseDatastore;
interface SummarizationCache {
  readonly llm: LlmConfig;
  readonly summarization_instructions?: string;
  readonly datastore?: Datastore | null;
  readonly max_cache_size?: number | null;
  readonly max_cache_lifetime?: number | null;
  readonly cache_collection_name?: string;
}
export interface MessageSummarizationTransform extends ComponentBase, SummarizationCache {
  readonly component_type: 'MessageSummarizationTransform';
  readonly max_message_size?: number;
  readonly summarized_message_template?: string;
}
export interface ConversationSummarizationTransform extends ComponentBase, SummarizationCache {
  readonly component_type: 'ConversationSummarizationTransform';
  readonly max_num_messages?: number | null;
  readonly max_num_characters?: number | null;
  readonly min_num_messages?: number;
  readonly summarized_conversation_template?: string;
}

/** Every typed component of a version after 25.4.1. */
export type LaterComponent =
  | Swarm | ManagerWorkers | AgentSpecializationParameters | SpecializedAgent | A2AConnectionConfig | A2AAgent
  | ParallelFlowNode | ParallelMapNode | CatchExceptionNode | BuiltinTool | MCPToolSpec | MCPToolBox
  | GenericLlmConfig | GeminiAIStudioAuthConfig | GeminiVertexAIAuthConfig | GeminiConfig | DbmsVectorChainLlmConfig
  | OAuthClientConfig | OAuthConfig | InMemoryCollectionDatastore | TlsOracleDatabaseConnectionConfig
  | MTlsOracleDatabaseConnectionConfig | TlsPostgresDatabaseConnectionConfig | OracleDatabaseDatastore
  | PostgresDatabaseDatastore | MessageSummarizationTransform | ConversationSummarizationTransform;
export type LaterComponentType = LaterComponent['component_type'];
export type LaterComponentOf<T extends LaterComponentType> = Extract<LaterComponent, { component_type: T }>;

/** How a later component is held in the unions of 25.4.1 components. */
export type AsUnknown = UnknownComponent;
