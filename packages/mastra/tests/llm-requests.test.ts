import { deserialize, type Component } from '@agentspec/core';
import { referenceRuntime, type Runtime } from '@agentspec/runtime';
import { startScriptedLlm, type RecordedRequest, type Rule } from '@agentspec/testing';
import { describe, expect, it } from 'vitest';
import { mastraRuntime } from '../src/index.js';
import { caseSpec } from './fixtures.js';

/** Body fields that are transport, not generation parameters: each client sends its own. */
const TRANSPORT = new Set(['tool_choice', 'stream', 'stream_options', 'parallel_tool_calls', 'response_format', 'n', 'store']);

/**
 * Mastra's message list puts a `user: "."` turn before a conversation that
 * starts with an assistant message (its Gemini-compatibility step, applied to
 * every provider): the turn DESIGN §4.2 allows "where a provider demands one".
 */
function withoutCompatTurn(messages: RecordedRequest['messages']): RecordedRequest['messages'] {
  const i = messages.findIndex((m) => m.role !== 'system');
  return messages[i]?.role === 'user' && messages[i]?.content === '.' && messages[i + 1]?.role === 'assistant' ? [...messages.slice(0, i), ...messages.slice(i + 1)] : messages;
}

/** What must be the same in every request whatever the runtime (DESIGN §6): system prompt, tools, generation parameters, the conversation. */
function essence(r: RecordedRequest) {
  const strip = (s: unknown) => { const { $schema: _s, ...rest } = (s ?? {}) as Record<string, unknown>; return rest; };
  return {
    model: r.model,
    systemPrompt: r.systemPrompt,
    tools: r.tools.map((t) => ({ name: t.name, description: t.description ?? '', parameters: strip(t.parameters) })),
    parameters: { temperature: r.parameters.temperature, topP: r.parameters.topP, maxTokens: r.parameters.maxTokens, extra: Object.fromEntries(Object.entries(r.parameters.extra).filter(([k]) => !TRANSPORT.has(k))) },
    messages: withoutCompatTurn(r.messages).map((m) => ({ role: m.role, content: m.content, ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)]) } : {}) })),
  };
}

type Step = { user?: string; approve?: boolean; result?: unknown };

/** Runs the same script on a runtime; the requests its LLM received. */
async function requestsOf(runtime: Runtime, spec: Component, rules: Rule[], steps: Step[], tools: Record<string, (a: Record<string, unknown>) => unknown>) {
  const llm = await startScriptedLlm({ strict: true, rules });
  try {
    const app = await runtime.load(spec, { tools, llm: { override: { url: llm.url } } });
    const session = app.start({ inputs: { user: 'Ada' } });
    let last;
    for (const s of steps) {
      if (s.user) session.appendUserMessage(s.user);
      if (s.approve !== undefined && last?.type === 'tool_confirmation') for (const r of last.requests) session.decide(r.id, s.approve ? 'approve' : 'reject', 'no');
      if (s.result !== undefined && last?.type === 'tool_request') session.appendToolResults(last.requests.map((r) => ({ id: r.id, content: s.result })));
      last = await session.run();
    }
    await app.close();
    return { requests: llm.requests.map(essence), last };
  } finally {
    await llm.close();
  }
}

const AGENT = `
component_type: Agent
id: helper
name: Helper
system_prompt: "Help {{user}}. Units: {{units}}."
inputs: [{title: user, type: string}, {title: units, type: string, default: metric}]
outputs: [{title: answer, type: string, description: the final answer}]
llm_config:
  component_type: OpenAiCompatibleConfig
  id: llm
  name: llm
  model_id: helper-model
  url: http://127.0.0.1:9
  default_generation_parameters: {temperature: 0.4, top_p: 0.8, max_tokens: 300, seed: 7}
tools:
  - component_type: ServerTool
    id: weather
    name: get_weather
    description: Weather in a city
    inputs:
      - {title: city, type: string, description: the city}
      - {title: days, type: integer, default: 1}
      - {title: options, type: object, properties: {wind: {type: boolean}}, default: {}}
  - {component_type: ServerTool, id: remove, name: remove_file, description: Delete a file, requires_confirmation: true, inputs: [{title: path, type: string}]}
  - {component_type: ClientTool, id: pick, name: pick_file, inputs: [{title: pattern, type: string}]}
agentspec_version: 25.4.2
`;

const RULES: Rule[] = [
  { match: { lastToolResult: { tool: 'pick_file' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'done' } }] } },
  { match: { lastToolResult: { tool: 'remove_file' } }, answer: { text: 'Pick one', toolCalls: [{ name: 'pick_file', arguments: { pattern: '*.md' } }] } },
  { match: { lastToolResult: { tool: 'get_weather' } }, answer: { toolCalls: [{ name: 'remove_file', arguments: { path: 'old.txt' } }] } },
  { match: { lastUserMessage: 'Weather and cleanup' }, answer: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] } },
];

const compare = async (spec: Component, rules: Rule[], steps: Step[], tools: Record<string, (a: Record<string, unknown>) => unknown> = {}) => {
  const ref = await requestsOf(referenceRuntime(), spec, rules, steps, tools);
  const mastra = await requestsOf(mastraRuntime(), spec, rules, steps, tools);
  expect(mastra.requests.length).toBeGreaterThan(0);
  expect(mastra.requests).toEqual(ref.requests);
  // and the same status, tool call ids aside (each run gets its own from the LLM)
  const noIds = (v: unknown) => JSON.parse(JSON.stringify(v ?? null, (k, x) => (k === 'id' || k === 'toolCallId' ? undefined : x)));
  expect(noIds(mastra.last)).toEqual(noIds(ref.last));
};

describe('LLM requests: the Mastra runtime sends what the reference runtime sends', () => {
  it('an agent with every kind of tool, a confirmation (rejected), a client tool and submit_result', async () => {
    await compare(deserialize(AGENT), RULES, [{ user: 'Weather and cleanup' }, { approve: false }, { result: 'a.md' }], { get_weather: () => ({ sky: 'clear' }), remove_file: () => 'removed' });
  });

  it.each(['agents/speaks-first', 'agents/multi-turn-conversation', 'llm/generation-parameters-agent', 'llm/tool-parameters-schema', 'agents/two-server-tools'])('%s', async (id) => {
    const spec = caseSpec(id);
    const rules: Rule[] = [{ match: { lastMessage: { contains: '' } }, answer: { text: 'Fine.' } }, { match: { hasTools: false }, answer: { text: 'Fine.' } }];
    const tools = Object.fromEntries(((spec as { tools?: { name: string }[] }).tools ?? []).map((t) => [t.name, () => 'ok']));
    await compare(spec, rules, [{}, { user: 'Hello' }, { user: 'Again' }], tools);
  });
});
