import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { referenceRuntime, type RuntimeEvent, type TraceEvent } from '../../src/index.js';

const FLOW = `
component_type: Flow
id: f
name: summarize flow
start_node: {$component_ref: s}
nodes: [{$component_ref: s}, {$component_ref: llm_step}, {$component_ref: e}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: s}, to_node: {$component_ref: llm_step}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: llm_step}, to_node: {$component_ref: e}}
data_flow_connections:
  - {component_type: DataFlowEdge, id: d1, name: d1, source_node: {$component_ref: s}, source_output: text, destination_node: {$component_ref: llm_step}, destination_input: text}
  - {component_type: DataFlowEdge, id: d2, name: d2, source_node: {$component_ref: llm_step}, source_output: generated_text, destination_node: {$component_ref: e}, destination_input: summary}
$referenced_components:
  s: {component_type: StartNode, id: s, name: start, inputs: [{title: text, type: string}]}
  llm_step:
    component_type: LlmNode
    id: llm_step
    name: summarize
    prompt_template: "Summarize: {{text}}"
    llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: model, model_id: m, url: http://unused}
  e: {component_type: EndNode, id: e, name: end, outputs: [{title: summary, type: string}]}
agentspec_version: 25.4.1
`;

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: [{ match: { lastUserMessage: 'Summarize: a long text' }, answer: { text: 'short' } }] });
});
afterAll(() => llm.close());

describe('events of a streamed flow run', () => {
  it('form the span tree flow → node → LLM generation, with token deltas and the status last', async () => {
    const app = await referenceRuntime().load(deserialize(FLOW), { llm: { override: { url: llm.url } } });
    const events: RuntimeEvent[] = [];
    for await (const e of app.start({ inputs: { text: 'a long text' } }).stream()) events.push(e);
    const trace = events.filter((e): e is TraceEvent => e.type !== 'RunStatus' && e.type !== 'RunError');
    const flowStart = trace.find((e) => e.type === 'FlowExecutionStart')!;
    const nodeStarts = trace.filter((e) => e.type === 'NodeExecutionStart');
    expect(nodeStarts.map((e) => e.name)).toEqual(['start', 'summarize', 'end']);
    expect(nodeStarts.every((e) => e.parentSpanId === flowStart.spanId)).toBe(true);
    const llmStart = trace.find((e) => e.type === 'LlmGenerationRequest')!;
    expect(llmStart.parentSpanId).toBe(nodeStarts[1]!.spanId);
    expect(llmStart.attributes).toMatchObject({ llm_config: 'llm', prompt: [{ role: 'user', content: 'Summarize: a long text' }] });
    expect(trace.filter((e) => e.type === 'LlmGenerationStreamingChunkReceived').map((e) => e.attributes.content).join('')).toBe('short');
    expect(trace.find((e) => e.type === 'LlmGenerationResponse')).toMatchObject({ spanId: llmStart.spanId, attributes: { content: 'short' } });
    // every span opened is closed, innermost first
    const open: string[] = [];
    for (const e of trace) {
      if (/Start$|Request$/.test(e.type) && e.type !== 'ToolConfirmationRequest') open.push(e.spanId);
      if (/End$|Response$/.test(e.type) && e.type !== 'ToolConfirmationResponse') expect(open.pop()).toBe(e.spanId);
    }
    expect(open).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'finished', outputs: { summary: 'short' } } });
  });
});
