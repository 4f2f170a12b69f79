import { describe, expect, it } from 'vitest';
import { agent, openAiCompatibleConfig, serverTool } from '@agentspec/core';
import { ADAPTER_NAMES, FRAMEWORK_NAMES, isAdapterName, loadAdapter, loadAdapters } from '../src/index.js';

describe('the adapter registry', () => {
  it('lists the reference interpreter and the four frameworks, in matrix order', () => {
    expect(ADAPTER_NAMES).toEqual(['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra']);
    expect(isAdapterName('mastra')).toBe(true);
    expect(isAdapterName('crewai')).toBe(false);
  });

  it('loads each adapter under its own name, with a runtime of that name', async () => {
    for (const adapter of await loadAdapters()) {
      expect(adapter.runtime().name).toBe(adapter.name);
      expect(adapter.framework.length).toBeGreaterThan(0);
    }
  });

  it('gives every framework (FRAMEWORK_NAMES) a compiler, an emitter and an importer; the reference interpreter has none', async () => {
    expect(FRAMEWORK_NAMES).toEqual(['langgraph', 'ai-sdk', 'openai-agents', 'mastra']);
    for (const a of await loadAdapters()) {
      const kinds = [typeof a.compile, typeof a.emit, typeof a.import];
      expect(kinds, a.name).toEqual(FRAMEWORK_NAMES.includes(a.name) ? ['function', 'function', 'function'] : ['undefined', 'undefined', 'undefined']);
    }
  });

  it('emits through the adapter alone: a spec becomes a module naming its source', async () => {
    const spec = agent({
      id: 'greeter', name: 'greeter', system_prompt: 'Be brief.',
      llm_config: openAiCompatibleConfig({ id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:1' }),
      tools: [serverTool({ id: 'echo', name: 'echo', description: 'Echoes.', inputs: [{ title: 'text', type: 'string' }] })],
    });
    for (const name of FRAMEWORK_NAMES) {
      const adapter = await loadAdapter(name);
      expect(adapter.emit?.(spec, { source: 'greeter.yaml' }).code).toContain('greeter.yaml');
    }
  });

  it('each importer refuses what is not a program of its framework with AS_UNSUPPORTED', async () => {
    for (const name of FRAMEWORK_NAMES) {
      await expect((await loadAdapter(name)).import?.({ hello: 1 }), name).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
    }
  });

  it('refuses an unknown name with AS_UNSUPPORTED naming the known ones', async () => {
    await expect(loadAdapter('crewai')).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
    await expect(loadAdapter('crewai')).rejects.toThrow('known: reference, langgraph, ai-sdk, openai-agents, mastra');
  });
});
