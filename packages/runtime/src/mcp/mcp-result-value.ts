import type { Property } from '@agentspec/core';
import { RuntimeError, type ErrorSite } from '../errors.js';

/** The parts of an MCP `tools/call` result this runtime reads. */
export interface McpToolResult {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
  /** The result of servers of protocol version 2024-10-07. */
  readonly toolResult?: unknown;
}

/** The text blocks of a tool result, joined with "\n". */
export function mcpResultText(result: McpToolResult): string {
  if (!Array.isArray(result.content)) return '';
  return result.content
    .filter((block): block is { type: 'text'; text: string } => isObject(block) && block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('\n');
}

/** Whether the outputs are a single string output. */
export function isSingleStringOutput(outputs: readonly Property[]): boolean {
  if (outputs.length !== 1) return false;
  const type = (outputs[0] as Property).type;
  return type === 'string' || (Array.isArray(type) && type.length > 0 && type.every((t) => t === 'string' || t === 'null'));
}

/**
 * The value of an MCPTool call (DESIGN §4.2). `isError` → AS_TOOL_FAILED
 * with the text. A single string output gets the text content verbatim
 * (never re-serialized; several text blocks joined with "\n"). Other outputs
 * get parsed JSON: `structuredContent` when present, else the text parsed
 * (AS_TOOL_RESULT_SHAPE when it is not JSON). No outputs: structured content,
 * else the text.
 */
export function mcpResultValue(result: McpToolResult, outputs: readonly Property[] | null | undefined, site: ErrorSite): unknown {
  const text = mcpResultText(result);
  if (result.isError === true) {
    throw new RuntimeError('AS_TOOL_FAILED', `the MCP tool reported an error: ${text.length > 500 ? `${text.slice(0, 500)}…` : text || '(no text)'}`, site);
  }
  const props = outputs ?? [];
  const hasText = Array.isArray(result.content) && result.content.some((b) => isObject(b) && b.type === 'text');
  if (isSingleStringOutput(props)) {
    if (hasText || result.structuredContent === undefined) return text;
    return JSON.stringify(result.structuredContent);
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  if (result.toolResult !== undefined) return result.toolResult;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (props.length === 0) return text;
    const names = props.map((p) => `'${p.title}'`).join(', ');
    throw new RuntimeError('AS_TOOL_RESULT_SHAPE', `the MCP tool answered text that is not JSON, but the output${props.length > 1 ? 's' : ''} ${names} ${props.length > 1 ? 'are' : 'is'} not a single string`, site);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
