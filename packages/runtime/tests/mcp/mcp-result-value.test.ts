import { describe, expect, it } from 'vitest';
import { isSingleStringOutput, mcpResultValue, readTimeoutMs, toMcpError } from '../../src/mcp/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

const site = { tool: 't' };
const text = (...parts: string[]) => ({ content: parts.map((t) => ({ type: 'text', text: t })) });

describe('mcpResultValue', () => {
  it('single string output: the text verbatim, blocks joined, non-text blocks ignored', () => {
    const str = [{ title: 'r', type: 'string' as const }];
    expect(mcpResultValue(text(' {"a" : 1} '), str, site)).toBe(' {"a" : 1} ');
    expect(mcpResultValue({ content: [{ type: 'text', text: 'a' }, { type: 'image', data: '', mimeType: 'image/png' }, { type: 'text', text: 'b' }] }, str, site)).toBe('a\nb');
    expect(mcpResultValue({ content: [], structuredContent: { x: 1 } }, str, site)).toBe('{"x":1}');
    expect(mcpResultValue({ content: [] }, str, site)).toBe('');
    expect(mcpResultValue(text('x'), [{ title: 'r', type: ['string', 'null'] }], site)).toBe('x');
  });

  it('other outputs: structured content first, else the text parsed', () => {
    expect(mcpResultValue({ ...text('{"sum": 9}'), structuredContent: { sum: 3 } }, [{ title: 'sum', type: 'number' }], site)).toEqual({ sum: 3 });
    expect(mcpResultValue(text('[1, 2]'), [{ title: 'xs', type: 'array' }], site)).toEqual([1, 2]);
    expect(mcpResultValue(text('7'), [{ title: 'n' }], site)).toBe(7);
    expect(mcpResultValue(text('{"a":1}'), [{ title: 'a' }, { title: 'b' }], site)).toEqual({ a: 1 });
    expect(mcpResultValue({ toolResult: { legacy: true } }, [{ title: 'o', type: 'object' }], site)).toEqual({ legacy: true });
  });

  it('no outputs: structured content, else JSON, else the text', () => {
    expect(mcpResultValue(text('plain'), [], site)).toBe('plain');
    expect(mcpResultValue(text('{"a":1}'), null, site)).toEqual({ a: 1 });
  });

  it('text that is not JSON for non-string outputs is AS_TOOL_RESULT_SHAPE', () => {
    expect(() => mcpResultValue(text('nope'), [{ title: 'n', type: 'number' }], site)).toThrow(/AS_TOOL_RESULT_SHAPE.*'n' is not a single string/);
  });

  it('isError is AS_TOOL_FAILED with the text', () => {
    expect(() => mcpResultValue({ ...text('bad input'), isError: true }, [], site)).toThrow(/AS_TOOL_FAILED: the MCP tool reported an error: bad input \[tool 't'\]/);
  });
});

describe('helpers', () => {
  it('isSingleStringOutput', () => {
    expect(isSingleStringOutput([{ title: 'a', type: 'string' }])).toBe(true);
    expect(isSingleStringOutput([{ title: 'a' }])).toBe(false);
    expect(isSingleStringOutput([{ title: 'a', type: 'string' }, { title: 'b', type: 'string' }])).toBe(false);
  });

  it('readTimeoutMs', () => {
    const t = (read_timeout_seconds?: number) => ({ component_type: 'SSETransport' as const, id: 'x', name: 'x', url: 'http://h', session_parameters: read_timeout_seconds === undefined ? {} : { read_timeout_seconds } });
    expect(readTimeoutMs(t(2.5))).toBe(2500);
    expect(readTimeoutMs(t())).toBeUndefined();
    expect(readTimeoutMs(t(0))).toBeUndefined();
  });

  it('toMcpError', () => {
    const calling = { doing: "calling tool 'x' on h" };
    expect(toMcpError(new McpError(ErrorCode.InvalidParams, 'bad args'), calling, site).code).toBe('AS_TOOL_FAILED');
    expect(toMcpError(new McpError(ErrorCode.ConnectionClosed, 'closed'), calling, site).code).toBe('AS_MCP');
    expect(toMcpError(new McpError(ErrorCode.RequestTimeout, 'slow'), { ...calling, timeoutMs: 1500 }, site).message).toMatch(/no answer within 1.5 s/);
    expect(toMcpError(new Error('x'), { ...calling, signal: AbortSignal.abort() }, site).code).toBe('AS_CANCELLED');
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
    expect(toMcpError(refused, { doing: 'connecting to the MCP server h' }, site).message).toMatch(/connecting to the MCP server h failed: fetch failed \(ECONNREFUSED connect ECONNREFUSED/);
  });
});
