import { readFileSync } from 'node:fs';
import { deserialize, type Component } from '@agentspec/core';
import { referenceRuntime, TraceRecorder, type Trace, type TraceListener } from '@agentspec/runtime';
import type { ReceivedSpan, ScriptedLlm } from '@agentspec/testing';

/** examples/specs/weather-agent.yaml: an Agent with one ServerTool (get_forecast) and a structured output. */
export const WEATHER: Component = deserialize(readFileSync(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url), 'utf8'));

/** The scripted model: the weather question gets a get_forecast call (with a stray api_key argument), the tool result a submit_result. */
export const WEATHER_RULES = [
  { match: { lastToolResult: { tool: 'get_forecast' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Sunny in Zurich.' } }] } },
  { match: { lastUserMessage: { contains: 'weather' } }, answer: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Zurich', api_key: 'sk-never-exported' } }] } },
];

export const QUESTION = 'What is the weather in Zurich?';

/** Run the weather agent on the reference runtime, recording its trace (with extra listeners, e.g. a live OTel export). */
export async function runWeather(llm: ScriptedLlm, listeners: readonly TraceListener[] = []): Promise<Trace> {
  const app = await referenceRuntime().load(WEATHER, {
    tools: { get_forecast: ({ city }) => `sunny, 21°C in ${String(city)}` },
    llm: { override: { url: llm.url } },
  });
  try {
    const recorder = new TraceRecorder({ spec: WEATHER, runtime: 'reference', listeners });
    const session = app.start({ inputs: { user_name: 'Ada' } });
    session.appendUserMessage(QUESTION);
    for await (const e of recorder.record(session.stream())) void e;
    return recorder.finish();
  } finally {
    await app.close();
  }
}

/**
 * The received spans as a tree of names, children in start order (the
 * reference runtime's clock counts milliseconds: ties go by end time, then by
 * the trace's span id, a counter).
 */
export function tree(spans: readonly ReceivedSpan[]): string[] {
  const lines: string[] = [];
  const order = (s: ReceivedSpan) => [BigInt(s.startTimeUnixNano), BigInt(s.endTimeUnixNano), BigInt(parseInt(String(s.attributes['agentspec.span.id']).replace(/^span_/, ''), 36) || 0)];
  const compare = (a: ReceivedSpan, b: ReceivedSpan) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  };
  const sorted = [...spans].sort(compare);
  const walk = (parent: string, depth: number) => {
    for (const s of sorted.filter((x) => x.parentSpanId === parent)) {
      lines.push(`${'  '.repeat(depth)}${s.name}`);
      walk(s.spanId, depth + 1);
    }
  };
  walk('', 0);
  return lines;
}
