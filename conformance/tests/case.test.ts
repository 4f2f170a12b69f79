import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseError, discoverCases, loadCase, loadInvalidCase, loadRunCase } from '../src/case.js';
import { SELFTEST_DIR, writeTree } from './helpers/paths.js';

const SPEC = 'component_type: Agent\n';

/** Loads `case.yaml` text (with a spec beside it) as a runnable case and returns the error's problems. */
function problemsOf(caseYaml: string, files: Record<string, string> = { 'spec.yaml': SPEC }): readonly string[] {
  const dir = writeTree({ 'case.yaml': caseYaml, ...files });
  try {
    loadRunCase(dir, 'x');
  } catch (e) {
    expect(e).toBeInstanceOf(CaseError);
    expect((e as CaseError).file).toBe(join(dir, 'case.yaml'));
    expect((e as CaseError).message).toContain(join(dir, 'case.yaml'));
    return (e as CaseError).problems;
  }
  throw new Error('the case loaded');
}

const OK_RUNS = 'runs:\n  - steps:\n      - user: hi\n        expect: { status: user_input }\n';

describe('loading a runnable case', () => {
  it('reads every key of the self-test case into a typed case', () => {
    const c = loadRunCase(join(SELFTEST_DIR, 'agents/server-tool'), 'agents/server-tool');
    expect(c.kind).toBe('run');
    expect(c.tools).toEqual(['multiply']);
    expect(c.specFile.endsWith('spec.yaml')).toBe(true);
    expect(c.llm.strict).toBe(true);
    expect(c.runs[0]?.name).toBe('main');
    expect(c.runs[0]?.inputs).toEqual({ user: 'Ada' });
    expect(c.runs[0]?.steps.map((s) => [s.action.kind, s.saveAndResume])).toEqual([['user', false], ['user', true]]);
    expect(c.runs[0]?.steps[0]?.expect.messages?.[1]).toEqual({ role: 'assistant', content: '', toolCalls: [{ name: 'multiply', args: { a: 30, b: 6 } }] });
    expect(c.runs[0]?.llmRequests).toHaveLength(3);
  });

  it('reads every step kind, network and limits', () => {
    const dir = writeTree({
      'spec.json': '{}',
      'case.yaml': `description: d
network: { allow: ["127.0.0.1"], allowStdio: [node] }
limits: { maxSteps: 5, http: { timeoutMs: 100, retries: 0 } }
runs:
  - steps:
      - run: true
        expect: { status: tool_request, requests: [{ name: t }] }
      - toolResults: [{ content: { a: 1 } }]
        expect: { status: tool_confirmation }
      - decide: [{ decision: approve }, { decision: reject, reason: no }]
        expect: { status: finished, outputs: { x: 1 }, branch: next }
      - saveAndResume: true
        expect: { status: error, error: { code: AS_TOOL_FAILED, mentions: [exploded] } }
`,
    });
    const c = loadRunCase(dir, 'x');
    expect(c.network).toEqual({ allow: ['127.0.0.1'], allowStdio: ['node'] });
    expect(c.limits).toEqual({ maxSteps: 5, http: { timeoutMs: 100, retries: 0 } });
    expect(c.llm).toEqual({ rules: [], strict: true });
    expect(c.runs[0]?.steps.map((s) => s.action)).toEqual([
      { kind: 'run' },
      { kind: 'toolResults', results: [{ content: { a: 1 } }] },
      { kind: 'decide', decisions: [{ decision: 'approve' }, { decision: 'reject', reason: 'no' }] },
      { kind: 'run' },
    ]);
    expect(c.runs[0]?.steps[3]).toMatchObject({ saveAndResume: true, expect: { status: 'error', error: { code: 'AS_TOOL_FAILED', mentions: ['exploded'] } } });
  });

  it('names every bad key with its JSON Pointer', () => {
    const problems = problemsOf(`description: 3
tools: [add, frobnicate]
servers: [ftp]
limits: { maxSteps: -1 }
colour: blue
refusedBy: { langgraph: { code: 7, reason: x } }
runs:
  - steps:
      - user: hi
        run: true
        expect: { status: done }
      - toolResults: [{ id: 1 }]
        expect: { status: user_input, outputs: { a: 1 } }
      - expect: { status: error }
`);
    expect(problems).toEqual([
      '/colour: unknown key (expected one of: description, spec, tools, toolsModule, servers, network, limits, llm, runs, refusedBy)',
      '/description: must be a string, not number 3',
      "/tools/1: 'frobnicate' is not in the tool library (add, multiply, square, echo, to_upper, lookup_capital, get_weather, split_name, stats, partial, increment, explode, slow, record_payment, concurrency_probe)",
      '/servers/0: must be one of http, mcp-http, mcp-sse, mcp-stdio, a2a, a2a-blocking, a2a-auth, not string "ftp"',
      '/limits/maxSteps: must be a whole number >= 0, not number -1',
      '/runs/0/steps/0: a step does one thing: found run and user',
      '/runs/0/steps/0/expect/status: must be one of finished, user_input, tool_request, tool_confirmation, error, not string "done"',
      '/runs/0/steps/1/toolResults/0/id: unknown key (expected one of: content)',
      '/runs/0/steps/1/toolResults/0/content: is required',
      '/runs/0/steps/1/expect/outputs: cannot be checked when status is user_input',
      '/runs/0/steps/2: a step needs one of: run, user, toolResults, decide, saveAndResume',
      '/runs/0/steps/2/expect/error: is required when status is error',
      '/refusedBy/langgraph/reason: unknown key (expected one of: code, mentions)',
      '/refusedBy/langgraph/code: must be a string, not number 7',
    ]);
  });

  it('reports bad scripted LLM rules with their path', () => {
    const problems = problemsOf(`description: d\nllm: { rules: [{ match: { lastUserMessage: 3 }, answer: { text: a, toolCalls: [] } }] }\n${OK_RUNS}`);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith('/llm: rules[0]'))).toBe(true);
  });

  it('fails on YAML syntax errors, a missing or a doubled spec, and unlisted server placeholders', () => {
    expect(problemsOf('description: [unclosed\n')[0]).toMatch(/line 2|Flow sequence/i);
    expect(problemsOf(`description: d\n${OK_RUNS}`, {})).toEqual(['the case folder has no spec.yaml or spec.json (nor spec: in case.yaml)']);
    expect(problemsOf(`description: d\n${OK_RUNS}`, { 'spec.yaml': SPEC, 'spec.json': '{}' })).toEqual(['the case folder has both spec.yaml and spec.json']);
    expect(problemsOf(`description: d\n${OK_RUNS}`, { 'spec.yaml': 'url: ${http}/x\nargs: ${mcp-stdio-args}\n' })).toEqual([
      '/servers: the spec uses ${http} but servers does not list http',
      '/servers: the spec uses ${mcp-stdio-args} but servers does not list mcp-stdio',
    ]);
    expect(problemsOf('')).toEqual(['(top level): must be an object, not null']);
    expect(problemsOf('description: d\nruns: []\n')).toEqual(['/runs: must list at least one run']);
  });
});

describe('loading an invalid case', () => {
  it('reads the expected diagnostics', () => {
    const c = loadInvalidCase(join(SELFTEST_DIR, '_invalid_/dangling-tool-ref'), '_invalid_/dangling-tool-ref');
    expect(c).toMatchObject({ kind: 'invalid', diagnostics: [{ code: 'AS_DANGLING_REF', path: '/tools/0' }] });
  });

  it('names bad keys', () => {
    const dir = writeTree({ 'spec.json': '{', 'case.yaml': 'description: d\nexpect:\n  diagnostics:\n    - { code: AS_X, line: one }\n' });
    expect(() => loadInvalidCase(dir, 'x')).toThrow(CaseError);
    try {
      loadInvalidCase(dir, 'x');
    } catch (e) {
      expect((e as CaseError).problems).toEqual([
        '/expect/diagnostics/0/path: is required',
        '/expect/diagnostics/0/line: must be a whole number >= 0, not string "one"',
      ]);
    }
  });
});

describe('discovering cases', () => {
  it('finds case folders at any depth and each folder of _invalid_, skipping other _ folders', () => {
    const root = writeTree({
      'agents/a/case.yaml': '', 'agents/a/spec.yaml': '',
      'flows/deep/b/case.yaml': '', 'flows/deep/b/spec.json': '',
      '_invalid_/README.md': '', '_invalid_/bad/case.yaml': '',
      '_selftest_/c/case.yaml': '',
      'orphan/spec.yaml': '',
    });
    expect(discoverCases(root).map((e) => [e.id, e.kind])).toEqual([
      ['_invalid_/bad', 'invalid'], ['agents/a', 'run'], ['flows/deep/b', 'run'], ['orphan', 'run'],
    ]);
    const orphan = discoverCases(root).find((e) => e.id === 'orphan')!;
    expect(() => loadCase(orphan)).toThrow(/orphan.case\.yaml:\n {2}- the case folder has no case\.yaml/);
  });

  it('throws when the cases directory does not exist', () => {
    expect(() => discoverCases('/nonexistent/cases')).toThrow('cases directory not found: /nonexistent/cases');
  });
});
