// Run with: pnpm vitest bench --project @agentspec/openai-agents --run
// Ratios, not wall time (DESIGN §10): a compiled agent against the same agent written by hand
// for the SDK, both on an in-process instant model; and compile time as the tool count grows.
import { bench, describe } from 'vitest';
import { agent, openAiCompatibleConfig, serverTool } from '@agentspec/core';
import { Agent, Runner, Usage, setTracingDisabled, tool, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { compileOpenAiAgents } from '../src/index.js';

setTracingDisabled(true);

/** Calls `add` once, then answers in text: no network, no parsing of a wire format. */
class InstantModel implements Model {
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const last = Array.isArray(request.input) ? request.input.at(-1) : undefined;
    const output: ModelResponse['output'] = last?.type === 'function_call_result'
      ? [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'It is 3.' }] }]
      : [{ type: 'function_call', callId: 'call_1', name: 'add', arguments: '{"a":1,"b":2}', status: 'completed' }];
    return { usage: new Usage(), output };
  }

  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not streamed');
  }
}

const model = new InstantModel();
const runner = new Runner({ tracingDisabled: true });
const llmConfig = openAiCompatibleConfig({ id: 'llm', name: 'm', model_id: 'm', url: 'http://127.0.0.1:1' });
const add = serverTool({ id: 'add', name: 'add', description: 'Adds.', inputs: [{ title: 'a', type: 'number' }, { title: 'b', type: 'number' }] });
const registry = { add: ({ a, b }: Record<string, unknown>) => Number(a) + Number(b) };

const handWritten = new Agent({
  name: 'Calculator', instructions: 'Add.', model,
  tools: [tool({
    name: 'add', description: 'Adds.',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false },
    execute: ({ a, b }: { a: number; b: number }) => String(a + b),
  })],
});
const compiled = compileOpenAiAgents(agent({ id: 'c', name: 'Calculator', system_prompt: 'Add.', llm_config: llmConfig, tools: [add] }), { tools: registry }).agent.clone({ model });

describe('one user turn (tool call + reply) on an instant model', () => {
  bench('hand-written SDK Agent', async () => {
    await runner.run(handWritten, 'Add 1 and 2');
  });
  bench('compiled from Agent Spec', async () => {
    await runner.run(compiled, 'Add 1 and 2');
  });
});

const withTools = (n: number) => agent({
  id: `a${n}`, name: 'Many tools', system_prompt: 'x', llm_config: llmConfig,
  tools: Array.from({ length: n }, (_, i) => serverTool({ id: `t${i}`, name: `t${i}`, description: 'd', inputs: [{ title: 'x', type: 'string' }] })),
});
for (const n of [10, 100, 1000]) {
  const spec = withTools(n);
  const tools = Object.fromEntries(spec.tools.map((t) => [t.name, () => null]));
  describe(`compile an agent with ${n} tools`, () => {
    bench(`${n} tools`, () => {
      compileOpenAiAgents(spec, { tools });
    });
  });
}
