import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentspec, NOT_A_BUG, ROOT, type Exited } from './bin-process.js';
import { EMPTY_FLOW, tempFiles } from './helpers.js';

const files = tempFiles({
  'bad.json': '{"name": ',
  'bad.yaml': 'a: [\n b',
  'not-a-spec.json': '{"hello": 1}',
  'invalid.yaml': 'component_type: Agent\nid: a\nname: 12\nsystem_prompt: hi\nagentspec_version: 25.4.1\n',
  'plain.ts': 'export const plain = { hello: 1 };\nexport const answer = 42;\n',
  'throws.ts': "throw new Error('boom while loading');\n",
  'syntax.ts': 'export const x = ;\n',
  'inputs.json': '[1, 2]',
  'rules.yaml': 'rules: 3\n',
  'flow.yaml': EMPTY_FLOW,
});
const weather = join(ROOT, 'examples/specs/weather-agent.yaml');

// A Mastra workflow, in a folder that resolves @mastra/core (the compile-to-code example depends on every framework).
const workflowDir = mkdtempSync(join(ROOT, 'examples/compile-to-code/.cli-errors-test-'));
afterAll(() => rmSync(workflowDir, { recursive: true, force: true }));
const workflow = join(workflowDir, 'workflow.ts');
writeFileSync(workflow, `import { createStep, createWorkflow } from '@mastra/core/workflows';
const json = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
const text = { '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }), jsonSchema: { input: () => json, output: () => json } } } as never;
const step = createStep({ id: 'echo', inputSchema: text, outputSchema: text, execute: async ({ inputData }) => inputData });
export const echo = createWorkflow({ id: 'echo-flow', inputSchema: text, outputSchema: text }).then(step).commit();
`);

/** An exit with `code`, the coded line on stderr, and never an internal error or a stack trace. */
function expectCoded(r: Exited, code: number, line: RegExp): void {
  expect(r.stderr + r.stdout).not.toMatch(NOT_A_BUG);
  expect(r.stderr).toMatch(line);
  expect(r.code).toBe(code);
}

describe('user mistakes get a coded message and the documented exit code, never an internal error (the built bin)', () => {
  it('a missing file: 2, AS_FILE_NOT_FOUND', () => {
    expectCoded(agentspec(['validate', 'no-such-spec.yaml']), 2, /^agentspec: error AS_FILE_NOT_FOUND: cannot read no-such-spec\.yaml: no such file or folder$/m);
    expectCoded(agentspec(['run', weather, '--tools', 'no-such-tools.ts']), 2, /^agentspec: error AS_FILE_NOT_FOUND: cannot read no-such-tools\.ts/m);
  });

  it('bad JSON, bad YAML, not a spec, an invalid spec: 1, with the diagnostic codes', { timeout: 90_000 }, () => {
    for (const [name, code] of [['bad.json', 'AS_PARSE_JSON'], ['bad.yaml', 'AS_PARSE_YAML'], ['not-a-spec.json', 'AS_NOT_A_COMPONENT'], ['invalid.yaml', 'AS_WRONG_TYPE']] as const) {
      for (const command of ['validate', 'run', 'convert', 'compile', 'graph']) {
        const extra = command === 'convert' ? ['--to', 'json'] : command === 'compile' ? ['--target', 'mastra'] : [];
        const r = agentspec([command, files(name), ...extra]);
        expect(r.code, `${command} ${name}`).toBe(1);
        expect(r.stdout + r.stderr).toContain(` error ${code} `);
        expect(r.stdout + r.stderr).not.toMatch(NOT_A_BUG);
      }
    }
  });

  it('an unknown runtime, command or option, a missing required option, a bad option value: 2', { timeout: 90_000 }, () => {
    expectCoded(agentspec(['run', weather, '--runtime', 'crewai']), 2, /^agentspec: error AS_UNKNOWN_RUNTIME: unknown runtime 'crewai' \(known: reference, langgraph, ai-sdk, openai-agents, mastra, all\)$/m);
    expectCoded(agentspec(['conformance', '--runtimes', 'reference,nope']), 2, /^agentspec: error AS_UNKNOWN_RUNTIME: unknown runtime 'nope'/m);
    expectCoded(agentspec(['valdate', weather]), 2, /^agentspec: error AS_UNKNOWN_COMMAND: unknown command 'valdate'\n {2}hint: Did you mean validate\?$/m);
    expectCoded(agentspec(['validate', weather, '--frob']), 2, /^agentspec: error AS_UNKNOWN_OPTION: unknown option '--frob'\n {2}hint: 'agentspec validate --help' lists its arguments and options$/m);
    expectCoded(agentspec(['convert', weather]), 2, /^agentspec: error AS_MISSING_ARGUMENT: required option '--to <format>' not specified$/m);
    expectCoded(agentspec(['import', 'x.ts#y']), 2, /^agentspec: error AS_MISSING_ARGUMENT: required option '--from <framework>' not specified$/m);
    expectCoded(agentspec(['validate']), 2, /^agentspec: error AS_MISSING_ARGUMENT: missing required argument 'files'$/m);
    expectCoded(agentspec(['graph', weather, '--format', 'png']), 2, /^agentspec: error AS_BAD_OPTION: --format must be mermaid, dot or svg, not 'png'$/m);
    expectCoded(agentspec(['run', weather, '--input', 'novalue']), 2, /^agentspec: error AS_BAD_OPTION: --input takes name=value, not 'novalue'$/m);
    expectCoded(agentspec(['run', weather, '--inputs', files('inputs.json')]), 2, /^agentspec: error AS_NOT_JSON: .*inputs\.json must hold a JSON object of inputs$/m);
    expectCoded(agentspec(['import', `${files('plain.ts')}#plain`, '--from', 'crewai']), 2, /^agentspec: error AS_BAD_OPTION: --from must be one of langgraph, ai-sdk, openai-agents, mastra, openagentspec, agents-json$/m);
  });

  it('an unreadable rules file, a rules file with problems, an --out that cannot be written, a save that is not JSON: 2', () => {
    expectCoded(agentspec(['run', files('flow.yaml'), '--offline', 'no-such-rules.yaml']), 2, /^agentspec: error AS_FILE_NOT_FOUND: cannot read no-such-rules\.yaml/m);
    expectCoded(agentspec(['run', files('flow.yaml'), '--offline', files('rules.yaml')]), 2, /^agentspec: error AS_BAD_RULES: .*rules\.yaml is not a scripted LLM rules file:\n {2}- /m);
    expectCoded(agentspec(['convert', files('flow.yaml'), '--to', 'json', '--out', '/no-such-folder/flow.json']), 2, /^agentspec: error AS_CANNOT_WRITE: cannot write \/no-such-folder\/flow\.json: no such file or folder$/m);
    expectCoded(agentspec(['run', files('flow.yaml'), '--resume', files('bad.json')]), 2, /^agentspec: error AS_NOT_JSON: .*bad\.json is not JSON \(a session saved by --save\)/m);
    // and the flow itself runs: the mistakes above were the only problem
    expect(agentspec(['run', files('flow.yaml')])).toMatchObject({ code: 0, stdout: 'finished on branch next: {}\n' });
  });

  it('import of a plain object or a number: 1, AS_NOT_A_PROGRAM, for every framework', () => {
    for (const from of ['langgraph', 'ai-sdk', 'openai-agents', 'mastra']) {
      expectCoded(agentspec(['import', `${files('plain.ts')}#plain`, '--from', from]), 1, new RegExp(`^agentspec: error AS_NOT_A_PROGRAM: .*plain\\.ts#plain is not a program of ${from}: `, 'm'));
    }
    expectCoded(agentspec(['import', `${files('plain.ts')}#answer`, '--from', 'openai-agents']), 1, /AS_NOT_A_PROGRAM/);
  }, 90_000);

  it('import of a program of another framework: 1, AS_NOT_A_PROGRAM', () => {
    // a Mastra workflow (and an OpenAI Agents SDK agent) named with the wrong --from
    const wrong = agentspec(['import', `${workflow}#echo`, '--from', 'langgraph']);
    expectCoded(wrong, 1, /^agentspec: error AS_NOT_A_PROGRAM: .*workflow\.ts#echo is not a program of langgraph: importLangGraph takes a StateGraph/m);
    expect(wrong.stderr).toMatch(/^ {2}hint: check that --from names the framework/m);
    expectCoded(agentspec(['import', `${workflow}#echo`, '--from', 'openai-agents']), 1, /AS_NOT_A_PROGRAM: .* is not a program of openai-agents/);
    expectCoded(agentspec(['import', 'examples/port-an-agent/agent.ts#tutor', '--from', 'mastra']), 1, /AS_NOT_A_PROGRAM: .* is not a program of mastra: importMastra takes/);
    // and the workflow imports --from mastra (the fixture is a real one)
    const right = agentspec(['import', `${workflow}#echo`, '--from', 'mastra']);
    expect(right.stdout).toMatch(/component_type: Flow/);
    expect(right.code).toBe(0);
  }, 90_000);

  it('import of a missing export, a module that throws or does not compile: 1; of a missing module: 2', () => {
    expectCoded(agentspec(['import', `${files('plain.ts')}#nope`, '--from', 'mastra']), 1, /^agentspec: error AS_EXPORT_MISSING: .*plain\.ts has no export 'nope' \(exports: answer, (default, )?plain\)$/m);
    expectCoded(agentspec(['import', `${files('throws.ts')}#x`, '--from', 'langgraph']), 1, /^agentspec: error AS_MODULE_LOAD: cannot load .*throws\.ts: boom while loading$/m);
    expectCoded(agentspec(['import', `${files('syntax.ts')}#x`, '--from', 'langgraph']), 1, /^agentspec: error AS_MODULE_LOAD: cannot load .*syntax\.ts: Transform failed/m);
    expectCoded(agentspec(['import', 'no-such-module.ts#x', '--from', 'langgraph']), 2, /AS_FILE_NOT_FOUND/);
  }, 90_000);

  it('a valid spec whose run fails: 3 (RUN_FAILED) with the runtime code', () => {
    // no --tools: the weather agent's ServerTool has no implementation
    expectCoded(agentspec(['run', weather, '--llm-url', 'http://127.0.0.1:9']), 3, /^agentspec: error AS_MISSING_TOOL: /m);
  });
});
