import { validateComponent, type Agent, type Flow, type Node } from '@agentspec/core';
import { referenceRuntime } from '@agentspec/runtime';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Mastra } from '@mastra/core';
import { Agent as MastraAgent } from '@mastra/core/agent';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow, toStorableGraph } from '@mastra/core/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importMastra } from '../src/index.js';
import { agentCallOf, stepSource } from '../src/import/agent-call.js';

const num = z.object({ n: z.number() });
const double = createStep({ id: 'double', inputSchema: num, outputSchema: num, execute: async ({ inputData }) => ({ n: inputData.n * 2 }) });
const inc = createStep({ id: 'inc', inputSchema: num, outputSchema: num, execute: async ({ inputData }) => ({ n: inputData.n + 1 }) });
const label = createStep({ id: 'label', inputSchema: num, outputSchema: z.object({ label: z.string() }), execute: async ({ inputData }) => ({ label: `n=${inputData.n}` }) });
const big = createStep({ id: 'big', inputSchema: z.object({ kind: z.string(), n: z.number() }), outputSchema: z.object({ label: z.string() }), execute: async ({ inputData }) => ({ label: `big ${inputData.n}` }) });
const small = createStep({ id: 'small', inputSchema: z.object({ kind: z.string(), n: z.number() }), outputSchema: z.object({ label: z.string() }), execute: async ({ inputData }) => ({ label: `small ${inputData.n}` }) });

async function runBoth(workflow: { id: string }, inputs: Record<string, unknown>) {
  const mastra = new Mastra({ workflows: { w: workflow }, storage: new InMemoryStore(), logger: false } as never);
  const run = await mastra.getWorkflow('w').createRun();
  const direct = await run.start({ inputData: inputs }) as { result?: unknown };
  const imported = await importMastra(workflow);
  const app = await referenceRuntime().load(imported.component, { tools: imported.tools });
  const status = await app.start({ inputs }).run();
  return { direct: direct.result, imported: status.type === 'finished' ? status.outputs : status, component: imported.component as Flow, warnings: imported.warnings };
}

const kinds = (f: Flow) => f.nodes.map((n: Node) => `${n.component_type}:${n.id}`);

describe('importMastra: workflows', () => {
  it('turns steps into ToolNodes backed by ServerTools named after them, and a loop with a function condition into a cycle with a router', async () => {
    const wf = createWorkflow({ id: 'count', inputSchema: num, outputSchema: z.object({ label: z.string() }) })
      .then(double).dountil(inc, async ({ inputData }) => inputData.n >= 10).then(label).commit();
    const r = await runBoth(wf, { n: 3 });
    expect(r.imported).toEqual(r.direct);
    expect(r.imported).toEqual({ label: 'n=10' });
    expect(kinds(r.component)).toEqual(['StartNode:start', 'ToolNode:double', 'ToolNode:inc', 'ToolNode:loop_1_check_router', 'BranchingNode:loop_1_check', 'ToolNode:label', 'EndNode:end']);
    const inc_ = r.component.nodes.find((n) => n.id === 'inc') as Node & { tool: { name: string; inputs: unknown } };
    expect(inc_.tool).toMatchObject({ component_type: 'ServerTool', name: 'inc', inputs: [{ title: 'n', type: 'number' }] });
    expect(r.warnings).toEqual([expect.objectContaining({ kind: 'approximated', code: 'MA_BRANCH_FUNCTION', component: 'loop_1_check' })]);
    expect(validateComponent(r.component).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('turns .branch with declarative conditions into a BranchingNode, with function conditions into a router first (with a warning)', async () => {
    const kind = z.object({ kind: z.string(), n: z.number() });
    const declarative = createWorkflow({ id: 'pick', inputSchema: kind, outputSchema: z.object({ label: z.string() }) })
      .branch([
        [{ predicate: { op: 'eq', left: { path: 'inputData.kind' }, right: { literal: 'big' } } }, big],
        [{ predicate: { op: 'eq', left: { path: 'inputData.kind' }, right: { literal: 'small' } } }, small],
      ]).commit();
    const d = await runBoth(declarative, { kind: 'small', n: 2 });
    expect(d.imported).toEqual({ label: 'small 2' });
    expect(kinds(d.component)).toEqual(['StartNode:start', 'BranchingNode:branch_0', 'ToolNode:big', 'ToolNode:small', 'EndNode:end']);
    expect((d.component.nodes[1] as Node & { mapping: unknown }).mapping).toEqual({ big: 'big', small: 'small' });
    const functional = createWorkflow({ id: 'pick2', inputSchema: kind, outputSchema: z.object({ label: z.string() }) })
      .branch([[async ({ inputData }) => inputData.n > 5, big], [async ({ inputData }) => inputData.n <= 5, small]]).commit();
    const f = await runBoth(functional, { kind: 'x', n: 9 });
    expect(f.imported).toEqual({ label: 'big 9' });
    expect(kinds(f.component)).toEqual(['StartNode:start', 'ParallelFlowNode:branch_0', 'ToolNode:branch_0_outputs', 'EndNode:end_3']);
    expect(f.warnings.map((w) => [w.code, w.component])).toEqual([['MA_BRANCH_FUNCTION', 'branch_0'], ['MA_BRANCH_OUTPUT', 'branch_0']]);
  });

  it('runs every arm of a .branch whose condition holds, as Mastra does, and gives the next step each under its step id', async () => {
    const kind = z.object({ kind: z.string(), n: z.number() });
    const both = createStep({
      id: 'both', inputSchema: z.object({ big: z.object({ label: z.string() }).optional(), small: z.object({ label: z.string() }).optional() }), outputSchema: z.object({ labels: z.string() }),
      execute: async ({ inputData }) => ({ labels: [inputData.big?.label, inputData.small?.label].filter(Boolean).join(' + ') }),
    });
    const wf = createWorkflow({ id: 'every', inputSchema: kind, outputSchema: z.object({ labels: z.string() }) })
      .branch([[async ({ inputData }) => inputData.n > 5, big], [async ({ inputData }) => inputData.n > 2, small]]).then(both).commit();
    for (const n of [9, 3, 1]) {
      const r = await runBoth(wf, { kind: 'x', n });
      expect(r.imported).toEqual(r.direct);
      if (n === 9) expect(r.imported).toEqual({ labels: 'big 9 + small 9' });
      if (n === 1) expect(r.imported).toEqual({ labels: '' });
      expect(validateComponent(r.component).filter((d) => d.severity === 'error')).toEqual([]);
    }
  });

  it('gives a loop condition reading iterationCount the iterations done, as Mastra does (a counter in the loop)', async () => {
    const wf = createWorkflow({ id: 'thrice', inputSchema: num, outputSchema: num })
      .dountil(inc, async ({ iterationCount }) => iterationCount >= 3).dowhile(double, async ({ iterationCount }) => iterationCount < 2).commit();
    const r = await runBoth(wf, { n: 0 });
    expect(r.imported).toEqual(r.direct);
    expect(r.imported).toEqual({ n: 12 });
    expect(kinds(r.component)).toEqual([
      'StartNode:start', 'ToolNode:loop_0_start', 'ToolNode:inc', 'ToolNode:loop_0_count', 'ToolNode:loop_0_check_router', 'BranchingNode:loop_0_check',
      'ToolNode:loop_1_start', 'ToolNode:double', 'ToolNode:loop_1_count', 'ToolNode:loop_1_check_router', 'BranchingNode:loop_1_check', 'EndNode:end',
    ]);
    expect(r.warnings.map((w) => w.code)).toEqual(['MA_BRANCH_FUNCTION', 'MA_BRANCH_FUNCTION']);
    expect(validateComponent(r.component).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('turns nested workflows into FlowNodes and .foreach into a MapNode; says what it leaves out', async () => {
    const inner = createWorkflow({ id: 'inner', inputSchema: num, outputSchema: num }).then(double).then(inc).commit();
    const outer = createWorkflow({ id: 'outer', inputSchema: num, outputSchema: num }).then(inner).sleep(1).commit();
    const r = await runBoth(outer, { n: 4 });
    expect(r.imported).toEqual({ n: 9 });
    expect(kinds(r.component)).toEqual(['StartNode:start', 'FlowNode:inner', 'EndNode:end_2']); // ids are unique across the document, sub-flow included
    expect(r.warnings).toEqual([expect.objectContaining({ kind: 'unsupported', code: 'MA_SLEEP', message: expect.stringContaining('.sleep()') })]);
    const items = createStep({ id: 'items', inputSchema: num, outputSchema: z.array(num), execute: async ({ inputData }) => [{ n: inputData.n }, { n: inputData.n + 1 }] });
    const each = createWorkflow({ id: 'each', inputSchema: num, outputSchema: z.array(num) }).then(items).foreach(double).commit();
    const e = await runBoth(each, { n: 4 });
    expect(kinds(e.component)).toEqual(['StartNode:start', 'ToolNode:items', 'MapNode:foreach_1', 'EndNode:end']);
    expect(e.imported).toEqual({ output: e.direct }); // an array is the one output 'output'
    expect(e.warnings.map((w) => [w.code, w.component])).toEqual([['MA_FOREACH', 'foreach_1']]);
  });

  it('imports Mastra\'s storable JSON graph', async () => {
    const wf = createWorkflow({ id: 'stored', inputSchema: z.object({ kind: z.string(), n: z.number() }), outputSchema: z.object({ label: z.string() }) })
      .branch([[{ predicate: { op: 'eq', left: { path: 'inputData.kind' }, right: { literal: 'big' } } }, big]]).commit();
    const json = JSON.parse(JSON.stringify({ id: 'stored', inputSchema: { type: 'object', properties: { kind: { type: 'string' }, n: { type: 'number' } } }, outputSchema: { type: 'object', properties: { label: { type: 'string' } } }, graph: toStorableGraph(wf.stepGraph) }));
    const r = await importMastra(json);
    const flow = r.component as Flow;
    expect(flow.component_type).toBe('Flow');
    expect(kinds(flow)).toEqual(['StartNode:start', 'BranchingNode:branch_0', 'ToolNode:big', 'EndNode:end']);
    expect(flow.inputs?.map((p) => p.title)).toEqual(['kind', 'n']);
  });
});

describe('importMastra: agents', () => {
  it('turns a Mastra Agent into an Agent: instructions, tools (client, confirmation), model, generation settings', async () => {
    const provider = createOpenAICompatible({ name: 'local', baseURL: 'http://127.0.0.1:9/v1', supportsStructuredOutputs: true });
    const weather = createTool({ id: 'weather', description: 'Weather in a city', inputSchema: z.object({ city: z.string().describe('the city') }), execute: async ({ city }) => `sunny in ${city}` });
    const remove = createTool({ id: 'remove', description: 'Delete a file', inputSchema: z.object({ path: z.string() }), requireApproval: true, execute: async () => 'removed' });
    const pick = createTool({ id: 'pick', description: 'Pick a file', inputSchema: z.object({ pattern: z.string() }) });
    const agent = new MastraAgent({
      id: 'helper', name: 'Helper', instructions: 'You help with the weather.', model: provider.chatModel('local-model') as never,
      tools: { weather, remove, pick }, defaultOptions: { modelSettings: { temperature: 0.3, maxOutputTokens: 99 } },
    });
    const r = await importMastra(agent, { llmUrl: 'http://127.0.0.1:9' });
    const a = r.component as Agent;
    expect(a).toMatchObject({
      component_type: 'Agent', id: 'helper', name: 'Helper', system_prompt: 'You help with the weather.',
      llm_config: { component_type: 'OpenAiCompatibleConfig', model_id: 'local-model', url: 'http://127.0.0.1:9', default_generation_parameters: { temperature: 0.3, max_tokens: 99 } },
    });
    expect(a.tools.map((t) => [t.component_type, t.name, t.requires_confirmation ?? false])).toEqual([['ServerTool', 'weather', false], ['ServerTool', 'remove', true], ['ClientTool', 'pick', false]]);
    expect(a.tools[0]?.inputs).toEqual([{ title: 'city', type: 'string', description: 'the city' }]);
    expect(await r.tools.weather?.({ city: 'Oslo' })).toBe('sunny in Oslo');
    expect(validateComponent(a).filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('importMastra: provider tools and the Responses API', () => {
  it("imports OpenAI's provider tools as BuiltinTools and a Responses model with api_type responses; reports another provider tool", async () => {
    const openai = createOpenAI({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1' });
    const agent = new MastraAgent({
      id: 'researcher', name: 'Researcher', instructions: 'Research.', model: openai.responses('gpt-4.1') as never,
      tools: { webSearch: openai.tools.webSearch({ searchContextSize: 'high' }), codeInterpreter: openai.tools.codeInterpreter(), preview: openai.tools.webSearchPreview({}) } as never,
    });
    const r = await importMastra(agent);
    const a = r.component as Agent;
    expect(a.llm_config).toMatchObject({ component_type: 'OpenAiCompatibleConfig', model_id: 'gpt-4.1', url: 'http://127.0.0.1:9', api_type: 'responses' });
    expect(a.tools).toEqual([
      expect.objectContaining({ component_type: 'BuiltinTool', name: 'webSearch', tool_type: 'web_search', configuration: { search_context_size: 'high' } }),
      expect.objectContaining({ component_type: 'BuiltinTool', name: 'codeInterpreter', tool_type: 'code_interpreter' }),
    ]);
    expect(r.warnings.map((w) => [w.code, w.component])).toEqual([['MA_PROVIDER_TOOL', 'preview']]);
    expect(validateComponent(a).filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('importMastra: models', () => {
  const modelOf = async (model: unknown) => {
    const r = await importMastra(new MastraAgent({ id: 'a', name: 'a', instructions: 'x', model: model as never }));
    return { llm: (r.component as Agent).llm_config, codes: r.warnings.map((w) => w.code) };
  };

  it('keeps the base URL of OpenAI-compatible models: { id, url }, { providerId, modelId, url }, an AI SDK provider', async () => {
    expect(await modelOf('openai/gpt-4o-mini')).toEqual({ llm: expect.objectContaining({ component_type: 'OpenAiConfig', model_id: 'gpt-4o-mini' }), codes: [] });
    expect(await modelOf({ id: 'lmstudio/qwen2.5', url: 'http://gpu:1234/v1' })).toEqual({ llm: expect.objectContaining({ component_type: 'OpenAiCompatibleConfig', model_id: 'qwen2.5', url: 'http://gpu:1234' }), codes: [] });
    expect(await modelOf({ providerId: 'ollama', modelId: 'llama3', url: 'http://box:11434/v1' })).toEqual({ llm: expect.objectContaining({ component_type: 'OpenAiCompatibleConfig', model_id: 'llama3', url: 'http://box:11434' }), codes: [] });
    const provider = createOpenAICompatible({ name: 'lmstudio', baseURL: 'http://gpu:1234/v1' });
    expect(await modelOf(provider.chatModel('qwen'))).toEqual({ llm: expect.objectContaining({ component_type: 'OpenAiCompatibleConfig', model_id: 'qwen', url: 'http://gpu:1234' }), codes: [] });
  });

  it('says when a model has no endpoint Agent Spec can name, and takes the first of fallbacks', async () => {
    expect(await modelOf('anthropic/claude-sonnet-4')).toEqual({ llm: expect.objectContaining({ component_type: 'OpenAiCompatibleConfig', url: 'http://localhost:8000' }), codes: ['MA_MODEL_ENDPOINT'] });
    expect(await modelOf([{ model: 'openai/gpt-4o' }, { model: 'openai/gpt-4o-mini' }])).toEqual({ llm: expect.objectContaining({ component_type: 'OpenAiConfig', model_id: 'gpt-4o' }), codes: ['MA_MODEL_FALLBACKS'] });
  });
});

describe('importMastra: steps that ask an agent, recognized in the program text', () => {
  const program = `
const plan = createStep({
  id: 'plan',
  inputSchema: z.object({ city: z.string() }),
  outputSchema: z.object({ plan: z.string() }),
  execute: async ({ inputData, mastra }) => {
    const prompt = \`Plan a day in \${inputData.city}.\`;
    const result = await mastra.getAgent('planner').generate(prompt);
    return { plan: result.text };
  },
});
const shout = createStep({
  id: 'shout',
  inputSchema: z.object({ city: z.string() }),
  outputSchema: z.object({ plan: z.string() }),
  execute: async ({ inputData, mastra }) => {
    const result = await mastra.getAgent('planner').generate(\`Plan \${inputData.city.toUpperCase()}\`);
    return { plan: result.text };
  },
});
`;
  const planner = new MastraAgent({ id: 'planner', name: 'Planner', instructions: 'You plan days.', model: 'openai/gpt-4o-mini' });
  const mastra = new Mastra({ agents: { planner }, logger: false });

  it('takes the prompt template and the agent of a step that only asks it; leaves any other expression as code', () => {
    const plan = agentCallOf(stepSource(program, 'plan'), { type: 'object', properties: { plan: { type: 'string' } } }, mastra);
    expect(plan).toMatchObject({ template: 'Plan a day in {{city}}.', reads: ['city'], output: 'plan' });
    expect(plan?.agent).toBe(planner);
    // `${inputData.city.toUpperCase()}` is code, not a field
    expect(agentCallOf(stepSource(program, 'shout'), { type: 'object', properties: { plan: { type: 'string' } } }, mastra)).toBeUndefined();
    expect(stepSource(program, 'missing')).toBeUndefined();
  });
});
