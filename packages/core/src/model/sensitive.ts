/**
 * Agent Spec's sensitive fields (pyagentspec's `SensitiveField`s), for every
 * version through 26.3.1: component type → fields. The one table the writer
 * and the reader use, for typed and opaque (later-version) components alike.
 * A sensitive field is never written in clear: `serialize` writes
 * `{"$component_ref": "<id>.<field>"}`, to be supplied at load, unless the
 * caller opts in with `includeSensitiveFields`.
 */
export const SENSITIVE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // LLM configurations
  LlmConfig: ['api_key'],
  OpenAiConfig: ['api_key'],
  OpenAiCompatibleConfig: ['api_key', 'key_file', 'cert_file', 'ca_file'],
  VllmConfig: ['api_key', 'key_file', 'cert_file', 'ca_file'],
  OllamaConfig: ['api_key', 'key_file', 'cert_file', 'ca_file'],
  OciGenAiConfig: ['api_key'],
  GeminiConfig: ['api_key'],
  GeminiAIStudioAuthConfig: ['api_key'],
  GeminiVertexAIAuthConfig: ['credentials'],
  OciClientConfigWithApiKey: ['auth_file_location'],
  OciClientConfigWithSecurityToken: ['auth_file_location'],
  // HTTP tools and nodes, MCP transports
  RemoteTool: ['sensitive_headers'],
  ApiNode: ['sensitive_headers'],
  SSETransport: ['sensitive_headers'],
  StreamableHTTPTransport: ['sensitive_headers'],
  SSEmTLSTransport: ['sensitive_headers', 'key_file', 'cert_file', 'ca_file'],
  StreamableHTTPmTLSTransport: ['sensitive_headers', 'key_file', 'cert_file', 'ca_file'],
  // Datastores and authentication (26.1.2)
  TlsOracleDatabaseConnectionConfig: ['user', 'password', 'dsn'],
  MTlsOracleDatabaseConnectionConfig: ['user', 'password', 'dsn', 'wallet_location', 'wallet_password'],
  TlsPostgresDatabaseConnectionConfig: ['user', 'password', 'sslkey'],
  OAuthClientConfig: ['client_id', 'client_secret'],
};

/**
 * Field names treated as sensitive in components this table does not know
 * (plugin and unknown types), and for fields a known type does not define.
 */
export const SENSITIVE_FIELD_NAMES: ReadonlySet<string> = new Set([
  'api_key', 'sensitive_headers', 'password', 'wallet_password', 'client_secret', 'credentials',
]);

const TABLE = new Map<string, ReadonlySet<string>>(Object.entries(SENSITIVE_FIELDS).map(([t, fields]) => [t, new Set(fields)]));

/** Whether `field` of a `componentType` component is sensitive. */
export function isSensitiveField(componentType: string, field: string): boolean {
  const fields = TABLE.get(componentType);
  if (fields?.has(field)) return true;
  return SENSITIVE_FIELD_NAMES.has(field);
}
