/**
 * `agentspec import --tools-out`: the module it writes gives `agentspec run
 * --tools` the program's own functions, by the spec's tool names — shown on
 * the LangGraph corpus (packages/langgraph/corpus), every program of which
 * imports through the command line (exit 0, every warning coded).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesFile, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { toolsModuleText } from '../src/run/tools-module.js';
import { cli, cliWithInput, tempFiles } from './helpers.js';

const corpus = fileURLToPath(new URL('../../langgraph/corpus/', import.meta.url));
const programs = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const exportOf = (name: string) => (JSON.parse(readFileSync(`${corpus}${name}/case.json`, 'utf8')) as { export?: string }).export ?? 'graph';

describe('agentspec import --tools-out (the LangGraph corpus)', { timeout: 120_000 }, () => {
  const files = tempFiles({});
  let llm: ScriptedLlm;

  beforeAll(async () => {
    process.env.OPENAI_API_KEY = 'not-used';
  });
  afterAll(async () => {
    await llm?.close();
  });

  it.each(programs)('%s imports (exit 0, warnings coded) and writes its tools module', async (name) => {
    const spec = files(`${name}.yaml`);
    const tools = files(`${name}-tools.ts`);
    const r = await cli('import', `${corpus}${name}/program.ts#${exportOf(name)}`, '--from', 'langgraph', '--out', spec, '--tools-out', tools);
    expect(r.code, r.stderr).toBe(0);
    for (const line of r.stderr.split('\n').filter((l) => l.startsWith('warning'))) expect(line).toMatch(/^warning LG_[A-Z_]+ \((approximated|unsupported)\) /);
    expect(r.stderr).toMatch(/wrote \d+ tool implementations? .* to .*-tools\.ts: pass it to agentspec run --tools/);
    const module = readFileSync(tools, 'utf8');
    // a path relative to the module when they share a folder (a checkout under the temporary folder), else a file URL
    expect(module).toMatch(new RegExp(`^import \\* as program from "(file:///|\\.\\.?/).*/corpus/${name}/program\\.ts";$`, 'm'));
    expect(module).toMatch(/export const agentspecImport = \{\n {2}from: "langgraph",\n {2}program: program\.\w+,/);
  });

  it('agentspec run --tools uses the functions of the program: a graph run as a flow', async () => {
    llm = await startScriptedLlm(await loadRulesFile(`${corpus}react-agent/rules.yaml`));
    process.env.OPENAI_BASE_URL = llm.url;
    const spec = files('react-agent.yaml');
    const tools = files('react-agent-tools.ts');
    expect((await cli('import', `${corpus}react-agent/program.ts#app`, '--from', 'langgraph', '--out', spec, '--tools-out', tools)).code).toBe(0);
    const conversation = JSON.stringify([{ role: 'user', content: 'How many moons does Mars have?' }]);
    const r = await cli('run', spec, '--tools', tools, '--input', `conversation=${conversation}`, '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Mars has two moons, Phobos and Deimos.');
    expect(llm.requests).toHaveLength(2); // the program's model node, twice: its own ChatOpenAI, on OPENAI_BASE_URL
  });

  it('agentspec run --tools uses the tools of a prebuilt agent (run as an Agent, confirmed on stdin)', async () => {
    const spec = files('agent.yaml');
    const tools = files('agent-tools.ts');
    expect((await cli('import', `${corpus}prebuilt-interrupt-before/program.ts#agent`, '--from', 'langgraph', '--out', spec, '--tools-out', tools)).code).toBe(0);
    const r = await cliWithInput(['Pay Alice 25 EUR please', 'y'], 'run', spec, '--tools', tools, '--offline', `${corpus}prebuilt-interrupt-before/rules.yaml`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Done: 25 EUR went to Alice.');
  });

  it('a tools module naming a tool its program no longer gives: AS_EXPORT_MISSING', async () => {
    const spec = files('fan.yaml');
    const tools = files('fan-tools.ts');
    expect((await cli('import', `${corpus}fan-out/program.ts#graph`, '--from', 'langgraph', '--out', spec, '--tools-out', tools)).code).toBe(0);
    writeFileSync(tools, readFileSync(tools, 'utf8').replace('"receive",', '"receive",\n    "gone",'));
    const r = await cli('run', spec, '--tools', tools);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/AS_EXPORT_MISSING: .*fan-tools\.ts names tools its program no longer gives: gone/);
  });

  it('the module imports its program relative to itself when they share a folder', () => {
    const text = toolsModuleText({ programPath: '/work/app/src/graph.ts', exportName: 'default', from: 'langgraph', outPath: '/work/app/spec/tools.ts', toolNames: ['a'], target: 'src/graph.ts#default' });
    expect(text).toContain('import * as program from "../src/graph.ts";');
    expect(text).toContain('program: program.default,');
    expect(toolsModuleText({ programPath: '/w/g.ts', exportName: 'my-graph', from: 'langgraph', outPath: '/w/t.ts', toolNames: [], target: 'g.ts#my-graph' })).toContain('program: program["my-graph"],');
  });

  it('--tools-out must name a module', async () => {
    const r = await cli('import', `${corpus}fan-out/program.ts#graph`, '--from', 'langgraph', '--tools-out', files('tools.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--tools-out names a module');
  });
});
