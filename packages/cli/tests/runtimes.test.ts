import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '@agentspec/conformance';
import { loadRuntimes, RUNTIME_NAMES } from '../src/runtimes.js';

describe('the runtimes the CLI knows by name', () => {
  it('are those of @agentspec/conformance, in the same order', () => {
    expect(RUNTIME_NAMES).toEqual(Object.keys(RUNTIMES));
  });

  it('load only the ones asked for, each making a runtime of that name', async () => {
    const loaded = await loadRuntimes(['reference', 'mastra']);
    expect(Object.keys(loaded)).toEqual(['reference', 'mastra']);
    expect(Object.values(loaded).map((make) => make().name)).toEqual(['reference', 'mastra']);
    await expect(loadRuntimes(['crewai'])).rejects.toMatchObject({ code: 'AS_UNKNOWN_RUNTIME', message: "unknown runtime 'crewai' (known: reference, langgraph, ai-sdk, openai-agents, mastra)" });
  });
});
