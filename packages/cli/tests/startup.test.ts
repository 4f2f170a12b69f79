import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deserialize, serialize } from '@agentspec/core';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const spec = fileURLToPath(new URL('../../../examples/specs/weather-agent.yaml', import.meta.url));

/** Runs the built bin with `args` in a node process that records the URL of every module it resolves (printed on fd 3). */
function resolvedModules(args: readonly string[]): { status: number | null; urls: string[] } {
  const wrapper = `
import { registerHooks } from 'node:module';
import { writeSync } from 'node:fs';
const urls = [];
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); urls.push(r.url); return r; } });
process.on('exit', () => writeSync(3, JSON.stringify(urls)));
process.argv = [process.argv[0], ${JSON.stringify(bin)}, ...${JSON.stringify(args)}];
await import(${JSON.stringify(pathToFileURL(bin).href)});
`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  return { status: r.status, urls: JSON.parse(r.output[3] ?? '[]') as string[] };
}

/** A framework: LangChain/LangGraph, Mastra, the AI SDK, the OpenAI Agents SDK, or our packages for them. */
const FRAMEWORK = /\/node_modules\/(@langchain|@mastra|ai|@ai-sdk|@openai\/agents[^/]*)\/|\/packages\/(langgraph|mastra|ai-sdk|openai-agents)\/|\/conformance\/dist\//;

describe('agentspec starts without loading the frameworks it does not need (run `pnpm build` first)', () => {
  it('validate resolves no framework module', () => {
    const { status, urls } = resolvedModules(['validate', spec]);
    expect(status).toBe(0);
    expect(urls.some((u) => u.includes('/packages/core/dist/'))).toBe(true); // the hook saw the modules validate needs
    expect(urls.filter((u) => FRAMEWORK.test(u))).toEqual([]);
    // nor the runtime (the adapter registry is read for its names only; it loads a package when an adapter is asked for)
    expect(urls.filter((u) => /\/packages\/runtime\/dist\//.test(u))).toEqual([]);
  });

  it('--help and a usage error resolve none either; run --runtime langgraph loads LangGraph and not Mastra', () => {
    for (const args of [['--help'], ['validate', '--frob']]) expect(resolvedModules(args).urls.filter((u) => FRAMEWORK.test(u))).toEqual([]);
    const run = resolvedModules(['run', spec, '--runtime', 'langgraph', '--llm-url', 'http://127.0.0.1:9']);
    expect(run.urls.some((u) => /\/node_modules\/@langchain\/langgraph\//.test(u))).toBe(true);
    expect(run.urls.filter((u) => /\/node_modules\/@mastra\/|\/packages\/mastra\//.test(u))).toEqual([]);
  });

  it('validate of a JSON spec resolves no module of the yaml package; of a YAML spec, it does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentspec-startup-'));
    try {
      const json = join(dir, 'weather-agent.json');
      writeFileSync(json, serialize(deserialize(readFileSync(spec, 'utf8'))));
      const YAML = /\/node_modules\/yaml\//;
      const fromJson = resolvedModules(['validate', json]);
      expect(fromJson.status).toBe(0);
      expect(fromJson.urls.some((u) => u.includes('/packages/core/dist/'))).toBe(true);
      expect(fromJson.urls.filter((u) => YAML.test(u))).toEqual([]);
      const fromYaml = resolvedModules(['validate', spec]);
      expect(fromYaml.status).toBe(0);
      expect(fromYaml.urls.some((u) => YAML.test(u))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
