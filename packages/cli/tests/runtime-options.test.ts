import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { aiSdkRuntime } from '@agentspec/ai-sdk';
import { langgraphRuntime } from '@agentspec/langgraph';
import { mastraRuntime } from '@agentspec/mastra';
import { openaiAgentsRuntime } from '@agentspec/openai-agents';
import { referenceRuntime, type Runtime } from '@agentspec/runtime';
import { EMPTY_FLOW } from './helpers.js';

// Every runtime factory checks its options and its load options with the one checker of @agentspec/runtime.
const FACTORIES: Record<string, (options?: never) => Runtime> = {
  referenceRuntime, langgraphRuntime, aiSdkRuntime, openaiAgentsRuntime, mastraRuntime,
};

const SPEC = deserialize(EMPTY_FLOW);

describe('runtime factories refuse option mistakes with AS_OPTIONS_INVALID', () => {
  for (const [name, make] of Object.entries(FACTORIES)) {
    it(`${name}: an unknown factory option, a wrong kind, and a mistyped load option`, async () => {
      expect(() => make({ llm: { baseURL: 'http://127.0.0.1:9' } } as never)).toThrow(expect.objectContaining({
        code: 'AS_OPTIONS_INVALID', key: 'llm', message: expect.stringContaining(`${name}: unknown option 'llm'`),
        hint: expect.stringContaining('load(component, { llm: { override: { url } } })'),
      }));
      const fn = name === 'referenceRuntime' ? 'backend' : 'build';
      expect(() => make({ [fn]: 'yes' } as never)).toThrow(expect.objectContaining({
        code: 'AS_OPTIONS_INVALID', key: fn, message: expect.stringContaining(`option '${fn}' must be a function`),
      }));
      await expect(make().load(SPEC, { llm: { override: { baseURL: 'http://127.0.0.1:9' } } } as never)).rejects.toMatchObject({
        code: 'AS_OPTIONS_INVALID', key: 'llm.override.baseURL', expected: 'url',
        message: expect.stringContaining(`${name}.load: unknown option 'llm.override.baseURL'; did you mean 'llm.override.url'?`),
      });
    });
  }

  it('takes the options each runtime documents', async () => {
    const apps = await Promise.all([
      referenceRuntime({ name: 'ref' }), langgraphRuntime({ checkpointer: 'memory' }), aiSdkRuntime({ structuredOutput: 'native' }),
      openaiAgentsRuntime({ tracing: false }), mastraRuntime({ controlFlow: 'dispatcher', name: 'm' }),
    ].map((r) => r.load(SPEC, { tools: {}, limits: { maxSteps: 5 }, llm: { override: { url: 'http://127.0.0.1:9', apiKey: 'k' } } })));
    for (const app of apps) expect((await app.start().run()).type).toBe('finished');
    await Promise.all(apps.map((a) => a.close()));
  });
});
