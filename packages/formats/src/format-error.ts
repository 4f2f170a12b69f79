import { AgentSpecError } from '@agentspec/core';

/**
 * Every code an importer of this package may throw with (an `AgentSpecError`),
 * what it means. Stable: added to, never renamed. Listed in the README (a test
 * checks it).
 */
export const FORMAT_ERROR_CODES = {
  AS_IMPORT_PARSE: 'The document (or an OpenAPI document it names) is not well-formed JSON or YAML, or exceeds the size, depth or alias limits.',
  AS_IMPORT_INVALID: 'The document does not have the shape its format requires: a missing or mistyped field, a reference to an id or operation that does not exist (each problem is listed with its path).',
  AS_IMPORT_FORMAT_VERSION: 'The document is of another kind or version than the importer reads (an OpenAgentSpec `kind` other than `openagentspec:v1/agent`, a Swagger 2 source).',
  AS_IMPORT_REMOTE_SOURCE: 'An agents.json source names a URL: importers never fetch; download it and pass the file with the `sources` option (`--source <id>=<file>`).',
  AS_IMPORT_SOURCE_MISSING: 'An agents.json source file (or a file an OpenAPI `$ref` names) cannot be read.',
  AS_IMPORT_NO_SERVER: 'An OpenAPI document gives no absolute server URL for an operation a flow calls: pass one with the `serverUrls` option (`--server-url <id>=<url>`).',
  AS_IMPORT_FLOW_CHOICE: 'The agents.json document has several flows and none was chosen, or the chosen one does not exist (the message lists them).',
  AS_IMPORT_LINK_CYCLE: 'The links of a flow make actions wait for each other in a cycle.',
} as const;

export type FormatErrorCode = keyof typeof FORMAT_ERROR_CODES;

/** An importer's error: an `AgentSpecError` with one of {@link FORMAT_ERROR_CODES}. */
export function formatError(code: FormatErrorCode, message: string, hint?: string): AgentSpecError {
  return new AgentSpecError(code, message, hint === undefined ? undefined : { hint });
}
