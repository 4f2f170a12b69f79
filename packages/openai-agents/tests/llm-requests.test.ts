import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { referenceRuntime, type RunStatus, type Runtime, type ToolRegistry } from '@agentspec/runtime';
import { startScriptedLlm, type RecordedRequest, type Rule } from '@agentspec/testing';
import { openaiAgentsRuntime } from '../src/index.js';
import { CASES_DIR } from './helpers/conformance-specs.js';

/**
 * The LLM requests of agent conformance cases, as the scripted server records
 * them, are the same on the openai-agents runtime as on the reference runtime:
 * system prompt, tools offered (name, description, JSON Schema), generation
 * parameters, response format and the conversation sent.
 *
 * Allowed differences, and only these:
 * - `tools[].strict`: the SDK sends `strict` on every function tool (true when
 *   the schema allows strict mode, else false); the reference sends none.
 * - the ids of tool calls, which the scripted server makes up per request
 *   (compared as links: a tool message answers a call of the message before).
 * - `stream: false`: the SDK states it; the server records it apart from the
 *   parameters (`parameters.extra` must be equal).
 */
type Step = { user: string } | { toolResults: unknown[] } | { decide: ('approve' | 'reject')[] };
interface Scenario {
  readonly id: string;
  readonly inputs?: Record<string, unknown>;
  readonly rules: Rule[];
  readonly steps: Step[];
}

const TOOLS: ToolRegistry = {
  multiply: ({ a, b }) => Number(a) * Number(b),
  add: ({ a, b }) => Number(a) + Number(b),
  lookup_capital: ({ country }) => (country === 'Italy' ? 'Rome' : 'unknown'),
  get_weather: ({ city }) => `sunny, 21°C in ${String(city)}`,
  explode: ({ reason }) => {
    throw new Error(`exploded: ${String(reason)}`);
  },
};

const SCENARIOS: Scenario[] = [
  { id: 'agents/one-server-tool', steps: [{ user: 'What is 30x6?' }], rules: [
    { match: { lastToolResult: { tool: 'multiply' } }, answer: { text: '30 x 6 = 180' } },
    { match: { lastUserMessage: 'What is 30x6?' }, answer: { toolCalls: [{ name: 'multiply', arguments: { a: 30, b: 6 } }] } },
  ] },
  { id: 'agents/two-tool-calls-one-turn', steps: [{ user: 'What are 2+3 and 4x5?' }], rules: [
    { match: { lastToolResult: { tool: 'multiply' } }, answer: { text: '2+3 is 5 and 4x5 is 20.' } },
    { match: { lastUserMessage: 'What are 2+3 and 4x5?' }, answer: { toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }, { name: 'multiply', arguments: { a: 4, b: 5 } }] } },
  ] },
  { id: 'agents/multi-turn-conversation', inputs: { user: 'Ada' }, steps: [{ user: 'Hello' }, { user: 'What is the capital of France?' }], rules: [
    { match: { lastUserMessage: 'Hello' }, answer: { text: 'Hi Ada! How can I help?' } },
    { match: { lastUserMessage: 'What is the capital of France?' }, answer: { text: 'Paris.' } },
  ] },
  { id: 'agents/input-default-in-system-prompt', inputs: { language: 'German' }, steps: [{ user: 'Hi' }], rules: [
    { match: { lastUserMessage: 'Hi' }, answer: { text: 'Hallo!' } },
  ] },
  { id: 'agents/submit-result', steps: [{ user: 'Italy' }], rules: [
    { match: { lastToolResult: { tool: 'lookup_capital' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { capital: 'Rome' } }] } },
    { match: { lastUserMessage: 'Italy' }, answer: { toolCalls: [{ name: 'lookup_capital', arguments: { country: 'Italy' } }] } },
  ] },
  { id: 'agents/submit-result-invalid-then-corrected', steps: [{ user: 'What is six times seven?' }], rules: [
    { match: { lastToolResult: { tool: 'submit_result' } }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 42 } }] } },
    { match: { lastUserMessage: 'What is six times seven?' }, answer: { toolCalls: [{ name: 'submit_result', arguments: { answer: 'forty-two' } }] } },
  ] },
  { id: 'llm/generation-parameters-agent', steps: [{ user: 'Hi' }], rules: [{ match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello.' } }] },
  { id: 'llm/tool-parameters-schema', steps: [{ user: 'Weather in Zurich?' }], rules: [
    { match: { lastToolResult: { tool: 'get_weather' } }, answer: { text: 'Sunny in Zurich.' } },
    { match: { lastUserMessage: 'Weather in Zurich?' }, answer: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Zurich' } }] } },
  ] },
  { id: 'tools/confirmation-reject-with-reason', steps: [{ user: 'Do the risky thing' }, { decide: ['reject'] }], rules: [
    { match: { lastToolResult: { tool: 'explode' } }, answer: { text: 'Understood, I did not do it.' } },
    { match: { lastUserMessage: 'Do the risky thing' }, answer: { toolCalls: [{ name: 'explode', arguments: { reason: 'testing' } }] } },
  ] },
  { id: 'tools/client-tool-with-confirmation', steps: [{ user: 'Tell Bob I am late' }, { decide: ['approve'] }, { toolResults: ['sent'] }], rules: [
    { match: { lastToolResult: { tool: 'send_mail' } }, answer: { text: 'Mail sent to Bob.' } },
    { match: { lastUserMessage: 'Tell Bob I am late' }, answer: { toolCalls: [{ name: 'send_mail', arguments: { to: 'bob@example.com', body: 'I am late.' } }] } },
  ] },
];

async function record(runtime: Runtime, scenario: Scenario): Promise<readonly RecordedRequest[]> {
  const llm = await startScriptedLlm({ strict: true, rules: scenario.rules });
  const spec = deserialize(readFileSync(join(CASES_DIR, scenario.id, 'spec.yaml'), 'utf8'));
  const app = await runtime.load(spec, { tools: TOOLS, llm: { override: { url: llm.url } } });
  try {
    const session = app.start({ inputs: scenario.inputs ?? {} });
    let last: RunStatus | undefined;
    for (const step of scenario.steps) {
      const requests = last && 'requests' in last ? last.requests : [];
      if ('user' in step) session.appendUserMessage(step.user);
      else if ('decide' in step) step.decide.forEach((d, i) => session.decide(requests[i]!.id, d, d === 'reject' ? 'too dangerous' : undefined));
      else session.appendToolResults(step.toolResults.map((content, i) => ({ id: requests[i]!.id, content })));
      last = await session.run();
    }
    return llm.requests;
  } finally {
    await app.close();
    await llm.close();
  }
}

/** What must be equal in a request: everything above but the allowed differences. */
function comparable(r: RecordedRequest): Record<string, unknown> {
  const ids = new Map<string, number>();
  const link = (id: string | undefined) => (id === undefined ? undefined : ids.get(id) ?? ids.set(id, ids.size).get(id));
  return {
    systemPrompt: r.systemPrompt,
    tools: r.tools.map(({ strict: _strict, ...t }) => t),
    parameters: r.parameters,
    responseFormat: r.responseFormat,
    messages: r.messages.map((m) => ({
      role: m.role,
      content: m.content,
      ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ link: link(c.id), name: c.name, args: JSON.parse(c.arguments) as unknown })) } : {}),
      ...(m.toolCallId ? { answers: link(m.toolCallId), name: m.name } : {}),
    })),
  };
}

describe('LLM requests of agent cases: openai-agents = reference, strict flags and call ids aside', () => {
  it.each(SCENARIOS)('$id', async (scenario) => {
    const reference = await record(referenceRuntime(), scenario);
    const sdk = await record(openaiAgentsRuntime(), scenario);
    expect(sdk.length).toBe(reference.length);
    expect(sdk.map(comparable)).toEqual(reference.map(comparable));
    // the one difference in what is offered: strict flags, only on the SDK's side
    expect(reference.flatMap((r) => r.tools.map((t) => t.strict))).toEqual(reference.flatMap((r) => r.tools.map(() => undefined)));
    expect(sdk.flatMap((r) => r.tools.map((t) => typeof t.strict))).toEqual(sdk.flatMap((r) => r.tools.map(() => 'boolean')));
  });
});
