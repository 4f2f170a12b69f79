// BuiltinTool (25.4.2) on every runtime: the framework runtimes send each hosted tool of the Responses API with the
// configuration of the spec (the Responses API's fields) and record the same span tree and conversation for a hosted
// call; the reference runtime refuses it at load, coded, naming the tool.
import { fileURLToPath } from 'node:url';
import { deserialize } from '@agentspec/core';
import { spanTreeText } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRunCase } from '../src/case.js';
import { runCase } from '../src/run-case.js';
import { RUNTIMES } from '../src/runtimes.js';

const FRAMEWORKS = ['langgraph', 'ai-sdk', 'openai-agents', 'mastra'] as const;

const AGENT = `
agentspec_version: "25.4.2"
component_type: Agent
id: researcher
name: Researcher
system_prompt: Research with the tools.
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: scripted-model, url: "http://127.0.0.1:9", api_type: responses}
tools:
  - component_type: BuiltinTool
    id: web
    name: web_search
    tool_type: web_search
    configuration: {search_context_size: low, filters: {allowed_domains: [example.org]}}
  - component_type: BuiltinTool
    id: files
    name: file_search
    tool_type: file_search
    configuration: {vector_store_ids: [vs_1], max_num_results: 3}
  - component_type: BuiltinTool
    id: code
    name: code_interpreter
    tool_type: code_interpreter
  - component_type: BuiltinTool
    id: image
    name: image_generation
    tool_type: image_generation
    configuration: {size: 1024x1024, quality: low}
`;

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: [{ match: { endpoint: 'responses', toolOffered: 'file_search' }, answer: { text: 'Done.' } }] });
});
afterAll(() => llm?.close());

/** The hosted tools of the first request, as sent: type and the fields of the spec's configuration. */
async function sentTools(runtime: string): Promise<Record<string, unknown>[]> {
  llm.clear();
  const app = await RUNTIMES[runtime]!().load(deserialize(AGENT), { llm: { override: { url: llm.url } } });
  try {
    const session = app.start();
    session.appendUserMessage('Find it.');
    expect((await session.run()).type).toBe('user_input');
  } finally {
    await app.close();
  }
  return ((llm.requests[0]?.body as { tools?: Record<string, unknown>[] }).tools ?? []);
}

describe('BuiltinTool on the framework runtimes', () => {
  it.each(FRAMEWORKS)('%s sends every hosted tool of the Responses API with its configuration, in the spec\'s order', async (runtime) => {
    const tools = await sentTools(runtime);
    expect(tools.map((t) => t.type)).toEqual(['web_search', 'file_search', 'code_interpreter', 'image_generation']);
    expect(tools[0]).toMatchObject({ type: 'web_search', search_context_size: 'low', filters: { allowed_domains: ['example.org'] } });
    expect(tools[1]).toMatchObject({ type: 'file_search', vector_store_ids: ['vs_1'], max_num_results: 3 });
    expect(tools[2]).toMatchObject({ type: 'code_interpreter', container: { type: 'auto' } });
    expect(tools[3]).toMatchObject({ type: 'image_generation', size: '1024x1024', quality: 'low' });
  });

  it('record the same span tree for the hosted calls of tools/builtin-* (no tool span: the provider ran them within the LLM generation)', async () => {
    for (const id of ['tools/builtin-web-search', 'tools/builtin-code-interpreter-and-server-tool']) {
      const c = loadRunCase(fileURLToPath(new URL(`../cases/${id}`, import.meta.url)), id);
      const trees: Record<string, string[]> = {};
      for (const runtime of FRAMEWORKS) {
        const t: string[] = [];
        expect(await runCase(c, RUNTIMES[runtime]!(), { onTrace: (run, trace) => (t[run] = spanTreeText(trace)) }), `${runtime} ${id}`).toMatchObject({ status: 'pass' });
        trees[runtime] = t;
      }
      expect(trees['openai-agents']?.[0], id).toMatch(/^agent '[^\n]+\n {2}llm '/);
      expect(trees['openai-agents']?.[0], id).not.toMatch(/tool '(web_search|code_interpreter)'/);
      for (const runtime of FRAMEWORKS) expect(trees[runtime], `${runtime} ${id}`).toEqual(trees['openai-agents']);
    }
  });

  it('is refused at load by the reference runtime, coded, naming the tool, its tool_type and where it is, before any LLM request', async () => {
    llm.clear();
    const error = await RUNTIMES.reference!().load(deserialize(AGENT), { llm: { override: { url: llm.url } } }).then(() => undefined, (e: unknown) => e as { code?: string; message: string; hint?: string });
    expect(error).toMatchObject({
      code: 'AS_UNSUPPORTED',
      message: expect.stringMatching(/^AS_UNSUPPORTED: BuiltinTool 'web_search' \(id 'web'\) at \/tools\/0 cannot be run by the reference runtime: a built-in tool \(tool_type 'web_search'\), and the reference runtime has no built-in tools.*; also BuiltinTool 'file_search' \(id 'files'\) at \/tools\/1, BuiltinTool 'code_interpreter' \(id 'code'\) at \/tools\/2, BuiltinTool 'image_generation' \(id 'image'\) at \/tools\/3/),
      hint: expect.stringContaining('run the agent on a framework runtime'),
    });
    expect(llm.requests).toEqual([]);
  });
});
