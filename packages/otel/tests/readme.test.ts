import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks, runReadmeBlock, startOtlpReceiver } from '@agentspec/testing';

/** The README's example runs as written, against a loopback OTLP receiver instead of a collector on localhost:4318. */
const blocks = readmeBlocks(new URL('../README.md', import.meta.url));
const dir = new URL('./.readme-blocks/', import.meta.url);

describe('README example', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exports a run of the weather agent and prints what its comments say', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const code = (blocks[0] ?? '')
        .replace("'../../examples/specs/weather-agent.yaml'", JSON.stringify(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url).pathname))
        .replace("'http://localhost:4318/v1/traces'", JSON.stringify(receiver.url));
      expect(await runReadmeBlock(code, new URL('example.ts', dir))).toEqual(['finished', '4 spans exported']);
      expect(receiver.spans.map((s) => s.name).sort()).toEqual(['chat scripted-model', 'chat scripted-model', 'execute_tool get_forecast', 'invoke_agent Weather assistant']);
    } finally {
      await receiver.close();
    }
  });
});
