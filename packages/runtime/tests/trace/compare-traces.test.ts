import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { compareTraces, normalizeTrace, type Trace } from '../../src/index.js';
import { WEATHER_RULES, weatherTrace } from './fixtures.js';

let llm: ScriptedLlm;
let direct: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: WEATHER_RULES });
  // a model that submits at once, without the tool
  direct = await startScriptedLlm({ strict: true, rules: [{ match: { lastUserMessage: { contains: 'weather' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { summary: 'No idea.' } }] } }] });
});
afterAll(async () => {
  await llm.close();
  await direct.close();
});

const shape = (t: Trace) => JSON.stringify(normalizeTrace(t), (k, v) => (k === 'spanId' ? undefined : v));

describe('compareTraces', () => {
  it('finds two runs of the same spec with the same answers the same, ids and times aside', async () => {
    const a = await weatherTrace(llm, ['What is the weather in Zurich?']);
    const b = await weatherTrace(llm, ['What is the weather in Zurich?']);
    expect(a.spans.map((s) => s.id)).not.toEqual(b.spans.map((s) => s.id));
    expect(shape(a)).toBe(shape(b));
    expect(compareTraces([a, b])).toEqual({ same: true, differing: [[], []], differences: [] });
  });

  it('marks what one tree has and the other lacks, once per subtree, with the spans of each side', async () => {
    const withTool = await weatherTrace(llm, ['What is the weather in Zurich?']);
    const without = await weatherTrace(direct, ['What is the weather in Zurich?']);
    const result = compareTraces([withTool, without], ['with tool', 'direct']);
    expect(result.same).toBe(false);
    // the direct run's one LLM generation matches the first of the other; the tool execution and second generation are extra
    expect(result.differences).toEqual([
      "direct lacks tool execution 'get_forecast' under agent 'Weather assistant' (with tool has it)",
      "direct lacks LLM generation 'local model' under agent 'Weather assistant' (with tool has it)",
    ]);
    const extra = withTool.spans.filter((s) => result.differing[0]!.includes(s.id)).map((s) => s.kind);
    expect(extra).toEqual(['ToolExecutionSpan', 'LlmGenerationSpan']);
    expect(result.differing[1]).toEqual([]);
  });

  it('compares component ids and nesting, not only names', async () => {
    const a = await weatherTrace(llm, ['What is the weather in Zurich?']);
    const renamed: Trace = { ...a, spans: a.spans.map((s) => (s.kind === 'ToolExecutionSpan' ? { ...s, componentId: 'other_tool' } : s)) };
    const flat: Trace = { ...a, spans: a.spans.map((s) => (s.kind === 'LlmGenerationSpan' ? { ...s, parentId: null } : s)) };
    expect(compareTraces([a, renamed], ['original', 'renamed']).differences).toEqual([
      "renamed lacks tool execution 'get_forecast' under agent 'Weather assistant' (original has it)",
      "renamed has tool execution 'get_forecast' under agent 'Weather assistant' that original has not",
    ]);
    expect(compareTraces([a, flat], ['nested', 'flat']).differences).toHaveLength(4);
  });
});
