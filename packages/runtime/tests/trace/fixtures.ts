import { readFileSync } from 'node:fs';
import { deserialize, type Component } from '@agentspec/core';
import type { ScriptedLlm } from '@agentspec/testing';
import { referenceRuntime, TraceRecorder, type Session, type Trace, type TraceListener, type ToolRegistry } from '../../src/index.js';

/** examples/specs/weather-agent.yaml: an Agent with one ServerTool (get_forecast) and a structured output. */
export const WEATHER: Component = deserialize(readFileSync(new URL('../../../../examples/specs/weather-agent.yaml', import.meta.url), 'utf8'));

/** Rules of the scripted LLM: a greeting gets text (the agent waits for the user), the weather question a tool call, the tool result a submit_result. */
export const WEATHER_RULES = [
  { match: { lastToolResult: { tool: 'get_forecast' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Sunny in Zurich.' } }] } },
  { match: { lastUserMessage: { contains: 'weather' } }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Zurich' } }] } },
  { match: { lastUserMessage: { contains: 'Hello' } }, answer: { text: 'Hello! Which city?' } },
];

export const WEATHER_TOOLS: ToolRegistry = { get_forecast: ({ city }) => `sunny in ${String(city)}` };

/** A flow whose ServerTool throws: the tool span, its node and the flow fail. */
export const FAILING_FLOW = deserialize(`
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

/** Run a session turn by turn (each run streamed through the recorder), giving `messages` one per user_input pause. */
export async function recordTurns(session: Session, recorder: TraceRecorder, messages: readonly string[]): Promise<void> {
  const queue = [...messages];
  session.appendUserMessage(queue.shift() ?? '');
  for (;;) {
    let last: string | undefined;
    for await (const e of recorder.record(session.stream())) if (e.type === 'RunStatus') last = e.status.type;
    if (last !== 'user_input' || queue.length === 0) return;
    session.appendUserMessage(queue.shift()!);
  }
}

/** The trace of the weather agent on the reference runtime, for the given user messages. */
export async function weatherTrace(llm: ScriptedLlm, messages: readonly string[], listeners: readonly TraceListener[] = []): Promise<Trace> {
  const app = await referenceRuntime().load(WEATHER, { tools: WEATHER_TOOLS, llm: { override: { url: llm.url } } });
  try {
    const recorder = new TraceRecorder({ spec: WEATHER, runtime: 'reference', listeners });
    await recordTurns(app.start({ inputs: { user_name: 'Ada' } }), recorder, messages);
    return recorder.finish();
  } finally {
    await app.close();
  }
}
