import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load } from '@agentspec/core';
import { hasBuiltinTools, hasGenericLlmConfigs, hasToolboxes, hasTransforms } from '@agentspec/runtime';
import { startLocalServers, substitute } from '@agentspec/conformance';
import { EXIT } from '../src/exit-codes.js';
import { COMPILE_TARGETS } from '../src/index.js';
import { cli, tempFiles } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const weather = `${root}examples/specs/weather-agent.yaml`;
const flow = `${root}examples/specs/support-triage-flow.yaml`;
const generated = (target: string) => `${root}examples/compile-to-code/generated/weather-agent.${target}.ts`;

describe('agentspec compile', () => {
  for (const target of ['langgraph', 'ai-sdk', 'openai-agents', 'mastra']) {
    it(`writes the ${target} module of an agent: the one committed in examples/compile-to-code, byte for byte`, async () => {
      const out = tempFiles({})(`weather.${target}.ts`);
      const r = await cli('compile', weather, '--target', target, '--out', out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`^compiled Agent 'Weather assistant' for ${target} to .*weather\\.${target}\\.ts \\(\\d+ lines, 0 warnings\\)\\n$`));
      const code = readFileSync(out, 'utf8');
      expect(code).toContain('agentspec compile');
      expect(code).toContain('weather-agent.yaml');
      expect(code).toMatch(/export (async )?function build\(/);
      expect(code).not.toMatch(/from '@agentspec\//);
      expect(code, 'regenerate examples/compile-to-code/generated (see its README)').toBe(readFileSync(generated(target), 'utf8'));
    });
  }

  it('the module of every Agent of the conformance suite imports only framework packages, for every target', async () => {
    // the local servers of the cases are not started: their placeholders get addresses nothing listens on
    const offline = (text: string) => text.replaceAll('${mcp-stdio-command}', 'node').replaceAll('${mcp-stdio-args}', '["server.mjs"]')
      .replaceAll('${mcp-stdio-script}', '"server.mjs"').replace(/\$\{(http|mcp-http|mcp-sse)\}/g, 'http://127.0.0.1:9');
    const cases = `${root}conformance/cases/`;
    // not unsupported/: every emitter refuses those specs (that is what they check)
    const agents = readdirSync(cases).filter((area) => !area.startsWith('_') && area !== 'unsupported').flatMap((area) =>
      readdirSync(`${cases}${area}`).map((name) => load(offline(readFileSync(`${cases}${area}/${name}/spec.yaml`, 'utf8'))).component))
      // an agent with toolboxes is emitted once a load has listed their tools (the emit-conformance tests run those)
      // nor one with message transforms, which the emitters refuse (the runtimes apply them)
      .filter((c) => c?.component_type === 'Agent' && !hasToolboxes(c) && !hasTransforms(c));
    expect(agents.length).toBeGreaterThanOrEqual(30);
    // BuiltinTools and generic LlmConfigs included
    expect(agents.filter((c) => hasBuiltinTools(c!))).toHaveLength(2);
    expect(agents.filter((c) => hasGenericLlmConfigs(c!))).toHaveLength(1);
    for (const [target, emitter] of Object.entries(COMPILE_TARGETS)) {
      const emit = await emitter();
      for (const agent of agents) {
        const code = emit(agent!).code;
        const modules = [...code.matchAll(/\bfrom '([^']+)';$|\bimport\(['"]([^'"]+)['"]\)/gm)].map((m) => m[1] ?? m[2]);
        expect(modules.length, `${target}: ${agent!.id}`).toBeGreaterThan(0);
        expect(modules.filter((m) => m!.startsWith('@agentspec/')), `${target}: ${agent!.id}`).toEqual([]);
        expect(code, `${target}: ${agent!.id}`).not.toMatch(/['"]@agentspec\//);
      }
    }
  });

  it('writes a BuiltinTool as each framework\'s hosted tool of the Responses API, and a generic LlmConfig at its endpoint', async () => {
    const spec = `${root}conformance/cases/tools/builtin-web-search/spec.yaml`;
    const hosted = { langgraph: "const WebSearchBuiltin = { type: 'web_search', search_context_size: 'low' };", 'ai-sdk': "web_search: openai.tools.webSearch({ searchContextSize: 'low' })", 'openai-agents': "const webSearch = webSearchTool({ searchContextSize: 'low' });", mastra: "web_search: openai.tools.webSearch({ searchContextSize: 'low' })" };
    for (const [target, code] of Object.entries(hosted)) {
      const r = await cli('compile', spec, '--target', target);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, target).toContain(code);
    }
    const generic = await cli('compile', `${root}conformance/cases/llm/generic-config-agent/spec.yaml`, '--target', 'ai-sdk');
    expect(generic.code, generic.stderr).toBe(0);
    expect(generic.stdout).toContain("const BASE_URL = 'http://127.0.0.1:8000/v1';");
  });

  it('prints the module on stdout without --out', async () => {
    const r = await cli('compile', weather, '--target', 'openai-agents');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(readFileSync(generated('openai-agents'), 'utf8'));
  });

  it('compiles a flow to a LangGraph StateGraph and a Mastra workflow, written out node by node', async () => {
    const lg = await cli('compile', flow, '--target', 'langgraph');
    expect(lg.code, lg.stderr).toBe(0);
    expect(lg.stdout).toContain('new StateGraph(');
    expect(lg.stdout).toMatch(/\.addNode\('classify'/);
    expect(lg.stdout).toContain('.addConditionalEdges(');
    const mastra = await cli('compile', flow, '--target', 'mastra');
    expect(mastra.code, mastra.stderr).toBe(0);
    expect(mastra.stdout).toContain('createWorkflow(');
    expect(mastra.stdout).toContain('.branch(');
  });

  for (const target of ['ai-sdk', 'openai-agents']) {
    it(`refuses a flow for ${target} with AS_UNSUPPORTED and a hint, writing nothing`, async () => {
      const out = tempFiles({})('flow.ts');
      const r = await cli('compile', flow, '--target', target, '--out', out);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/support-triage-flow\.yaml: error AS_UNSUPPORTED .*\n {2}hint: .+/);
      expect(() => readFileSync(out)).toThrow();
    });
  }

  it('reports an invalid spec as file:line:col diagnostics and compiles nothing', async () => {
    const file = tempFiles({ 'bad.yaml': readFileSync(weather, 'utf8').replace('system_prompt:', 'system_prompts:') })('bad.yaml');
    const r = await cli('compile', file, '--target', 'langgraph');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/bad\.yaml:\d+:\d+ error AS_\w+/);
  });

  it('usage errors: unknown or missing target, an --out that is not TypeScript, a missing file', async () => {
    expect((await cli('compile', weather, '--target', 'crewai')).stderr).toContain('--target must be one of langgraph, ai-sdk, openai-agents, mastra');
    expect((await cli('compile', weather, '--target', 'crewai')).code).toBe(2);
    expect((await cli('compile', weather)).code).toBe(2);
    expect((await cli('compile', weather, '--target', 'langgraph', '--out', 'x.js')).code).toBe(2);
    expect((await cli('compile', `${root}nope.yaml`, '--target', 'langgraph')).code).toBe(2);
  });

  it('--help shows an example', async () => {
    const r = await cli('compile', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('$ agentspec compile examples/specs/weather-agent.yaml --target openai-agents');
  });
});

describe('agentspec compile of an agent with MCPToolBoxes', () => {
  const caseSpec = (name: string) => readFileSync(`${root}conformance/cases/mcp/${name}/spec.yaml`, 'utf8');

  it('lists the toolbox\'s tools from its server (filter and specs applied) and emits them as MCPTools, for every target', async () => {
    const servers = await startLocalServers(['mcp-http']);
    try {
      const spec = tempFiles({ 'agent.yaml': substitute(caseSpec('toolbox-filter'), servers.substitutions) })('agent.yaml');
      for (const target of Object.keys(COMPILE_TARGETS)) {
        const r = await cli('compile', spec, '--target', target);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toContain("listed the agent's MCP toolboxes: 2 tools (");
        expect(r.stdout, target).toContain('lookup_capital');
        expect(r.stdout, target).toContain('The sum of a and b.');
        expect(r.stdout, target).toContain(servers.substitutions['mcp-http']);
      }
    } finally {
      await servers.close();
    }
  });

  it('starts a stdio server only when --allow-stdio allows its command line', async () => {
    const servers = await startLocalServers(['mcp-stdio']);
    const spec = tempFiles({ 'agent.yaml': substitute(caseSpec('toolbox-stdio'), servers.substitutions) })('agent.yaml');
    const refused = await cli('compile', spec, '--target', 'ai-sdk');
    expect(refused.code).toBe(EXIT.INVALID);
    expect(refused.stderr).toContain('AS_HTTP_REFUSED');
    const commandLine = [servers.substitutions['mcp-stdio-command'], ...JSON.parse(servers.substitutions['mcp-stdio-args']!) as string[]].join(' ');
    const allowed = await cli('compile', spec, '--target', 'ai-sdk', '--allow-stdio', commandLine);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain('1 tool (');
    expect(allowed.stdout).toContain('lookup_capital');
    await servers.close();
  });

  it('fails with AS_MCP, writing nothing, when the server cannot be reached', async () => {
    const text = caseSpec('toolbox-filter').replace('${mcp-http}', 'http://127.0.0.1:9/mcp');
    const files = tempFiles({ 'agent.yaml': text });
    const r = await cli('compile', files('agent.yaml'), '--target', 'openai-agents', '--out', files('out.ts'));
    expect(r.code).toBe(EXIT.INVALID);
    expect(r.stderr).toContain('AS_MCP');
    expect(existsSync(files('out.ts'))).toBe(false);
  });
});
