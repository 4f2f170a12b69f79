import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { referenceRuntime, TraceRecorder, type Trace } from '@agentspec/runtime';
import { startOtlpReceiver, startScriptedLlm, type OtlpReceiver, type ScriptedLlm } from '@agentspec/testing';
import { exportTraces } from '../src/index.js';
import { tree, WEATHER } from './fixtures.js';

/** A flow whose ServerTool throws. */
const FAILING_FLOW = deserialize(`
component_type: Flow
id: failing
name: failing flow
start_node: {$component_ref: s}
nodes: [{$component_ref: s}, {$component_ref: t}, {$component_ref: e}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: s}, to_node: {$component_ref: t}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: t}, to_node: {$component_ref: e}}
$referenced_components:
  s: {component_type: StartNode, id: s, name: start}
  t:
    component_type: ToolNode
    id: t
    name: lookup
    tool: {component_type: ServerTool, id: lookup_tool, name: lookup, inputs: [], outputs: [{title: r, type: string}]}
  e: {component_type: EndNode, id: e, name: end}
agentspec_version: 25.4.2
`);

let receiver: OtlpReceiver;
let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: [{ match: { lastUserMessage: { contains: 'Hello' } }, answer: { text: 'Hello! Which city?' } }] });
});
afterAll(() => llm.close());
afterEach(() => receiver?.close());

async function failedFlowTrace(): Promise<Trace> {
  const app = await referenceRuntime().load(FAILING_FLOW, { tools: { lookup: () => { throw new Error('the lookup service for ada@example.test is down'); } } });
  const recorder = new TraceRecorder({ spec: FAILING_FLOW, runtime: 'reference' });
  for await (const e of recorder.record(app.start({}).stream())) void e;
  await app.close();
  return recorder.finish();
}

describe('statuses in OpenTelemetry', () => {
  it('a failed run: error spans with error.type and the code as status message; the exception message only with content', async () => {
    receiver = await startOtlpReceiver();
    const trace = await failedFlowTrace();
    await exportTraces(trace, { url: receiver.url });
    expect(tree(receiver.spans)).toEqual(['invoke_workflow failing flow', '  StartNode start', '  ToolNode lookup', '    execute_tool lookup']);
    const failed = receiver.spans.filter((s) => s.status.code === 2);
    expect(failed.map((s) => s.name).sort()).toEqual(['ToolNode lookup', 'execute_tool lookup', 'invoke_workflow failing flow']);
    for (const s of failed) {
      expect(s.status.message).toBe('AS_TOOL_FAILED');
      expect(s.attributes['error.type']).toBe('AS_TOOL_FAILED');
      expect(s.events).toEqual([expect.objectContaining({ name: 'exception', attributes: { 'exception.type': 'AS_TOOL_FAILED' } })]);
    }
    expect(receiver.requests.map((r) => r.body).join('')).not.toContain('ada@example.test');
    expect(receiver.spans.find((s) => s.name === 'invoke_workflow failing flow')!.attributes['gen_ai.workflow.name']).toBe('failing flow');

    receiver.spans.length = 0;
    await exportTraces(trace, { url: receiver.url, captureContent: true });
    const tool = receiver.spans.find((s) => s.name === 'execute_tool lookup')!;
    expect(tool.status.message).toMatch(/^AS_TOOL_FAILED: .*the lookup service for ada@example\.test is down/);
    expect(tool.events[0]!.attributes['exception.message']).toContain('is down');
  });

  it('a paused run: the agent span ends unset, marked paused', async () => {
    receiver = await startOtlpReceiver();
    const app = await referenceRuntime().load(WEATHER, { tools: { get_forecast: () => 'rain' }, llm: { override: { url: llm.url } } });
    const recorder = new TraceRecorder({ spec: WEATHER });
    const session = app.start({});
    session.appendUserMessage('Hello');
    for await (const e of recorder.record(session.stream())) void e;
    await app.close();
    await exportTraces(recorder.finish(), { url: receiver.url });
    const agent = receiver.spans.find((s) => s.name === 'invoke_agent Weather assistant')!;
    expect(agent.status.code).toBe(0);
    expect(agent.attributes['agentspec.status']).toBe('paused');
    expect(receiver.spans.find((s) => s.name === 'chat scripted-model')!.status.code).toBe(1);
  });
});
