import type { RemoteTool, Tool } from '@agentspec/core';
import type { JSONValue } from 'ai';

/** Key of the Agent Spec provenance in an AI SDK tool's `metadata` (not sent to the LLM). */
export const METADATA_KEY = 'agentspec';

type JsonObject = { [key: string]: JSONValue };

const json = (value: unknown): JSONValue => JSON.parse(JSON.stringify(value ?? null)) as JSONValue;

/** What an AI SDK tool cannot say about the Agent Spec tool it was compiled from: its kind and id, and how a RemoteTool or MCPTool is reached (and retried). */
export function toolMetadata(tool: Tool): JsonObject {
  const source: JsonObject = { component_type: tool.component_type, id: tool.id, name: tool.name };
  if (tool.component_type === 'RemoteTool') {
    const r = tool as RemoteTool;
    Object.assign(source, { url: r.url, http_method: r.http_method, api_spec_uri: json(r.api_spec_uri), data: json(r.data), query_params: json(r.query_params), headers: json(r.headers) });
  }
  if (tool.component_type === 'MCPTool') source.client_transport = json(tool.client_transport);
  const retryPolicy = (tool as { retry_policy?: unknown }).retry_policy;
  if ((tool.component_type === 'RemoteTool' || tool.component_type === 'MCPTool') && retryPolicy) source.retry_policy = json(retryPolicy);
  return { [METADATA_KEY]: source };
}
