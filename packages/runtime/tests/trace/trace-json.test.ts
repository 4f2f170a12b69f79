import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { parseTrace, parseTraces, traceToJson, type RuntimeError } from '../../src/index.js';
import { WEATHER_RULES, weatherTrace } from './fixtures.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: WEATHER_RULES });
});
afterAll(() => llm.close());

const failure = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as RuntimeError;
  }
  return undefined;
};

describe('trace files', () => {
  it('round-trip: what traceToJson writes, parseTrace reads back equal (one trace, or a list)', async () => {
    const trace = await weatherTrace(llm, ['Hello', 'What is the weather in Zurich?']);
    const text = traceToJson(trace);
    expect(text.startsWith('{\n  "format": "agentspec-trace",\n  "version": 1,')).toBe(true);
    expect(parseTrace(text)).toEqual(JSON.parse(JSON.stringify(trace)));
    expect(parseTraces(traceToJson([trace, trace]))).toHaveLength(2);
  });

  it('refuses what is not a trace with AS_TRACE_INVALID, saying why', async () => {
    const trace = JSON.parse(traceToJson(await weatherTrace(llm, ['What is the weather in Zurich?'])));
    const cases: [string, RegExp][] = [
      ['{ nope', /not JSON/],
      ['[]', /an empty list/],
      [JSON.stringify({ ...trace, format: 'otlp' }), /format "otlp", not 'agentspec-trace'/],
      [JSON.stringify({ ...trace, version: 2 }), /version 2; this library reads version 1/],
      [JSON.stringify({ ...trace, spans: [{ id: 'x' }] }), /malformed span at spans\[0\]/],
      [JSON.stringify({ ...trace, spans: [...trace.spans].reverse() }), /listed before its parent/],
      [JSON.stringify([trace, { ...trace, runs: null }]), /trace 1 has no runs array/],
    ];
    for (const [text, message] of cases) expect(failure(() => parseTraces(text)), text.slice(0, 40)).toMatchObject({ code: 'AS_TRACE_INVALID', message: expect.stringMatching(message) });
  });
});
