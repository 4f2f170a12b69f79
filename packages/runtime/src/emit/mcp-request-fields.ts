import type { MCPTool } from '@agentspec/core';
import { admitted } from '../admit/admit.js';
import { specRetryPolicy } from '../llm/spec-retry-policy.js';
import { retryPolicyLiteral } from './retry-policy.js';

/**
 * The fields of an emitted `McpRequest` (mcpRequest snippet) that come from an
 * MCPTool's policies, as lines at `indent`: its `retry_policy` (a toolbox's is
 * its tools', Agent Spec 26.3.1), else its remote transport's (26.1.2), as the
 * runtime picks it; and the time allowed to a call — the policy's
 * `request_timeout`, else the transport's `session_parameters.read_timeout_seconds`.
 */
export function mcpRequestFields(tool: MCPTool, indent: string): string[] {
  const source = specRetryPolicy(tool) ? tool : tool.client_transport;
  const policy = retryPolicyLiteral(source, indent, indent.length + 'retryPolicy: '.length);
  const seconds = specRetryPolicy(source)?.request_timeout ?? admitted(tool.client_transport).session_parameters?.read_timeout_seconds;
  return [
    ...(policy ? [`${indent}retryPolicy: ${policy},`] : []),
    ...(typeof seconds === 'number' && seconds > 0 ? [`${indent}timeoutMs: ${Math.round(seconds * 1000)},`] : []),
  ];
}
