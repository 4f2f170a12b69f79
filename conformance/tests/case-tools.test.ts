import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseError, discoverCases, loadRunCase } from '../src/case.js';
import { runConformance } from '../src/runner.js';
import { agentSpec } from './helpers/cases.js';
import { miniRuntime } from './helpers/mini-runtime.js';
import { writeTree } from './helpers/paths.js';

/** A project: its spec at the root, one case naming it with `spec:`, the case's tools module as given. */
const SPEC = agentSpec({ tools: { greet: ['text'] } }).replace('{ title: text, type: number }', '{ title: text, type: string }');
const CASE = `description: The project's own tool answers.
spec: ../../../agent.yaml
llm:
  rules:
    - match: { lastToolResult: { tool: greet } }
      answer: { text: done }
    - match: { lastUserMessage: hi }
      answer: { toolCalls: [{ name: greet, arguments: { text: Ada } }] }
runs:
  - steps:
      - user: hi
        expect:
          status: user_input
          messages: [{ role: user }, { role: assistant }, { role: tool, content: "Hello, Ada!" }, { role: assistant, content: done }]
`;
const GREET = "export const tools = { greet: ({ text }) => `Hello, ${text}!` };\n";

function project(files: Record<string, string>): string {
  return writeTree({ 'agent.yaml': SPEC, 'cases/mine/greets/case.yaml': CASE, ...files });
}

const statuses = async (root: string, options: Partial<Parameters<typeof runConformance>[0]> = {}) => {
  const report = await runConformance({ runtimes: [miniRuntime()], casesDir: join(root, 'cases'), ...options });
  return report.results.map((r) => [r.caseId, r.status, r.error?.code]);
};

describe('tools modules and spec: of a case', () => {
  it('reads the spec a case names and runs it with a tools.mjs beside case.yaml', async () => {
    const root = project({ 'cases/mine/greets/tools.mjs': GREET });
    const c = loadRunCase(join(root, 'cases/mine/greets'), 'mine/greets');
    expect(c.specFile).toBe(join(root, 'agent.yaml'));
    expect(c.toolsModule).toBe(join(root, 'cases/mine/greets/tools.mjs'));
    expect(await statuses(root)).toEqual([['mine/greets', 'pass', undefined]]);
  });

  it('loads the module toolsModule: names, with the loader given', async () => {
    const root = project({ 'cases/mine/greets/case.yaml': `${CASE}toolsModule: ../../../lib/greet.mjs\n`, 'lib/greet.mjs': GREET });
    const loaded: string[] = [];
    const loadToolsModule = async (file: string) => {
      loaded.push(file);
      return (await import(file)).tools;
    };
    expect(await statuses(root, { runtimes: [miniRuntime(), miniRuntime({ name: 'other' })], loadToolsModule })).toEqual([
      ['mine/greets', 'pass', undefined], ['mine/greets', 'pass', undefined],
    ]);
    expect(loaded).toEqual([join(root, 'lib/greet.mjs')]);
  });

  it('gives every case the run\'s tools; the case\'s own module wins on the same name', async () => {
    const root = project({});
    const tools = { greet: ({ text }: Record<string, unknown>) => `Hello, ${String(text)}!` };
    expect(await statuses(root, { tools })).toEqual([['mine/greets', 'pass', undefined]]);
    expect(await statuses(root)).toEqual([['mine/greets', 'error', 'AS_MISSING_TOOL']]);
    const own = project({ 'cases/mine/greets/tools.mjs': GREET });
    expect(await statuses(own, { tools: { greet: () => 'wrong' } })).toEqual([['mine/greets', 'pass', undefined]]);
  });

  it('reports a module that does not load, or exports no tools, as the case\'s error', async () => {
    const broken = project({ 'cases/mine/greets/tools.mjs': 'export const tools = ;\n' });
    expect(await statuses(broken)).toEqual([['mine/greets', 'error', 'AS_CASE_TOOLS_MODULE']]);
    const none = project({ 'cases/mine/greets/tools.mjs': 'export const helpers = {};\n' });
    const report = await runConformance({ runtimes: [miniRuntime()], casesDir: join(none, 'cases') });
    expect(report.results[0]?.error?.message).toMatch(/tools\.mjs: must export `tools`/);
  });

  it('rejects a spec: that is missing or doubles a spec.yaml, and a toolsModule: that is missing', () => {
    const root = project({
      'cases/mine/greets/case.yaml': CASE.replace('../../../agent.yaml', '../nope.yaml'),
      'cases/mine/twice/case.yaml': CASE, 'cases/mine/twice/spec.yaml': SPEC,
      'cases/mine/nomodule/case.yaml': `${CASE}toolsModule: ./gone.ts\n`,
    });
    expect(() => loadRunCase(join(root, 'cases/mine/greets'), 'g')).toThrow(/\/spec: \.\.\/nope\.yaml not found/);
    expect(() => loadRunCase(join(root, 'cases/mine/twice'), 't')).toThrow(CaseError);
    expect(() => loadRunCase(join(root, 'cases/mine/twice'), 't')).toThrow(/also has spec\.yaml/);
    expect(() => loadRunCase(join(root, 'cases/mine/nomodule'), 'n')).toThrow(/\/toolsModule: \.\/gone\.ts not found/);
  });

  it('takes a cases directory that is itself a case folder as that one case', async () => {
    const root = project({ 'cases/mine/greets/tools.mjs': GREET });
    const dir = join(root, 'cases/mine/greets');
    expect(discoverCases(dir)).toEqual([{ id: 'greets', dir, kind: 'run' }]);
    const report = await runConformance({ runtimes: [miniRuntime()], casesDir: dir });
    expect(report.results.map((r) => [r.caseId, r.status])).toEqual([['greets', 'pass']]);
  });
});
