/**
 * Every event carries the attributes Agent Spec Tracing gives it without a
 * default: the table against tracing.rst itself, and the kernel's wrapper
 * filling in what a runtime did not write (conformance then checks every
 * case's trace on every runtime with `missingSpecAttributes`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingSpecAttributes, SPEC_EVENT_ATTRIBUTES, withSpecAttributes, type RuntimeEvent, type TraceEvent, type TraceEventType } from '../../src/index.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const tracingRst = [process.env.AGENTSPEC_SHARED, join(repo, '..', 'shared'), join(repo, '..', '..', 'shared')]
  .filter((d): d is string => d !== undefined)
  .map((d) => join(d, 'spec', 'upstream', 'tracing.rst'))
  .find((f) => existsSync(f));

/** tracing.rst's events and, for each, the attributes of its table whose Default/Optional column is `-` (none). */
function requiredByTracingRst(text: string): Map<string, string[]> {
  const lines = text.split('\n');
  const out = new Map<string, string[]>();
  let event: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (/^\^+$/.test(lines[i + 1] ?? '') && lines[i]!.trim() !== '') out.set((event = lines[i]!.trim()), []);
    const row = /^\s*\* - (\w+)\s*$/.exec(lines[i]!);
    if (!event || !row || row[1] === 'Name') continue;
    const cells: string[] = [];
    for (let j = i + 1; j < lines.length && /^\s+- /.test(lines[j]!); j++) cells.push(lines[j]!.trim().slice(2));
    if (cells[2] === '-') out.get(event)!.push(row[1]!);
  }
  return out;
}

const event = (type: TraceEventType, spanId: string, name: string, attributes: Record<string, unknown>): TraceEvent => ({ type, spanId, timestamp: 1, name, attributes });

function wrapped(events: readonly TraceEvent[]): TraceEvent[] {
  const out: RuntimeEvent[] = [];
  const emit = withSpecAttributes((e) => out.push(e))!;
  for (const e of events) emit(e);
  return out as TraceEvent[];
}

describe('SPEC_EVENT_ATTRIBUTES', () => {
  it.skipIf(!tracingRst)('names, for every event we emit, the attributes tracing.rst gives it without a default', () => {
    const spec = requiredByTracingRst(readFileSync(tracingRst!, 'utf8'));
    expect(spec.size).toBeGreaterThan(15);
    for (const [type, names] of Object.entries(SPEC_EVENT_ATTRIBUTES)) {
      expect(spec.has(type), type).toBe(true);
      expect([...names].sort(), type).toEqual([...spec.get(type)!].sort());
    }
  });
});

describe('withSpecAttributes', () => {
  it('repeats a span\'s component and request id from its start on its end and chunks, and keeps what the runtime wrote', () => {
    const [req, chunk, res] = wrapped([
      event('LlmGenerationRequest', 's1', 'gpt', { llm_config: 'llm1', prompt: [{ role: 'user', content: 'hi' }] }),
      event('LlmGenerationStreamingChunkReceived', 's1', 'gpt', { content: 'he' }),
      event('LlmGenerationResponse', 's1', 'gpt', { content: 'hello', usage: { input_tokens: 3 } }),
    ]);
    expect(req!.attributes).toEqual({ llm_config: 'llm1', prompt: [{ role: 'user', content: 'hi' }], request_id: 's1' });
    expect(chunk!.attributes).toEqual({ content: 'he', llm_config: 'llm1', request_id: 's1' });
    expect(res!.attributes).toEqual({ content: 'hello', usage: { input_tokens: 3 }, llm_config: 'llm1', request_id: 's1' });
  });

  it('a tool call\'s request id is its call id; its output from the outputs; an ApiNode\'s tool span names the node', () => {
    const [req, res, api] = wrapped([
      event('ToolExecutionRequest', 't1', 'weather', { tool: 'weather_tool', tool_call_id: 'call_7', inputs: { city: 'Bern' } }),
      event('ToolExecutionResponse', 't1', 'weather', { outputs: { temp: 3 } }),
      event('ToolExecutionRequest', 't2', 'call the API', { node: 'api1', url: 'http://127.0.0.1/x', method: 'GET' }),
    ]);
    expect(req!.attributes).toMatchObject({ tool: 'weather_tool', request_id: 'call_7' });
    expect(res!.attributes).toEqual({ outputs: { temp: 3 }, tool: 'weather_tool', request_id: 'call_7', output: { temp: 3 } });
    expect(api!.attributes).toMatchObject({ node: 'api1', tool: 'api1', request_id: 't2', inputs: {} });
  });

  it('flows and nodes: the branch taken as branch_selected (null when none); exceptions as exception_type / exception_message', () => {
    const [start, end, failed, human] = wrapped([
      event('NodeExecutionStart', 'n1', 'route', { node: 'route1', inputs: { x: 1 } }),
      event('NodeExecutionEnd', 'n1', 'route', { outputs: {}, branch: 'yes' }),
      event('ExceptionRaised', 'n1', 'route', { code: 'AS_TOOL_FAILED', message: 'it broke' }),
      event('HumanInTheLoopRequest', 'n2', 'ask', { node: 'ask1' }),
    ]);
    expect(start!.attributes).toEqual({ node: 'route1', inputs: { x: 1 } });
    expect(end!.attributes).toEqual({ outputs: {}, branch: 'yes', node: 'route1', branch_selected: 'yes' });
    expect(failed!.attributes).toMatchObject({ exception_type: 'AS_TOOL_FAILED', exception_message: 'it broke' });
    expect(human!.attributes).toEqual({ node: 'ask1', request_id: 'ask1', content: {} });
    const [flowEnd] = wrapped([event('FlowExecutionEnd', 'f1', 'main', { outputs: { a: 1 } })]);
    expect(flowEnd!.attributes).toEqual({ outputs: { a: 1 }, flow: 'main', branch_selected: null });
    for (const e of [start, end, failed, human, flowEnd]) expect(missingSpecAttributes(e!.type, e!.attributes)).toEqual([]);
  });

  it('passes run ends through, and nothing without an emitter', () => {
    const status: RuntimeEvent = { type: 'RunError', error: { code: 'AS_CANCELLED', message: 'stop' } };
    const out: RuntimeEvent[] = [];
    withSpecAttributes((e) => out.push(e))!(status);
    expect(out).toEqual([status]);
    expect(withSpecAttributes(undefined)).toBeUndefined();
    expect(missingSpecAttributes('NodeExecutionEnd', { node: 'n' })).toEqual(['outputs', 'branch_selected']);
  });
});
