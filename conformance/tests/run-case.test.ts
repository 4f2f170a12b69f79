import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRunCase } from '../src/case.js';
import { runCase } from '../src/run-case.js';
import { agentSpec, makeCase } from './helpers/cases.js';
import { miniRuntime } from './helpers/mini-runtime.js';
import { SELFTEST_DIR } from './helpers/paths.js';

const selftest = (id: string) => loadRunCase(join(SELFTEST_DIR, id), id);
const mini = miniRuntime();

const MULTIPLY = `tools: [multiply]
llm:
  strict: true
  rules:
    - { match: { lastToolResult: { tool: multiply } }, answer: { text: "180" } }
    - { match: { lastUserMessage: "30x6" }, answer: { toolCalls: [{ name: multiply, arguments: { a: 30, b: 6 } }] } }
`;
const multiplySpec = agentSpec({ tools: { multiply: ['a', 'b'] } });

describe('running a case on a runtime (mini runtime, scripted LLM over HTTP)', () => {
  it('passes the self-test cases: user, decide, toolResults and saveAndResume steps', async () => {
    expect(await runCase(selftest('agents/server-tool'), mini)).toMatchObject({ status: 'pass' });
    expect(await runCase(selftest('agents/client-tool-confirmation'), mini)).toMatchObject({ status: 'pass' });
  });

  it('runs a step that only saves and resumes', async () => {
    const spec = readFileSync(join(SELFTEST_DIR, 'agents/client-tool-confirmation/spec.yaml'), 'utf8');
    const c = makeCase(spec, `description: d
llm:
  rules:
    - { match: { lastToolResult: { tool: pick_file } }, answer: { toolCalls: [{ name: submit_result, arguments: { answer: README.md } }] } }
    - { match: { lastUserMessage: Find }, answer: { toolCalls: [{ name: pick_file, arguments: { pattern: "*.md" } }] } }
runs:
  - steps:
      - { user: Find, expect: { status: tool_confirmation } }
      - { saveAndResume: true, expect: { status: tool_confirmation, requests: [{ name: pick_file }] } }
      - { decide: [{ decision: approve }], expect: { status: tool_request } }
      - { saveAndResume: true, expect: { status: tool_request, requests: [{ name: pick_file, args: { pattern: "*.md" } }] } }
      - { toolResults: [{ content: README.md }], expect: { status: finished, outputs: { answer: README.md } } }
    llmRequests: [{ lastMessage: { content: Find } }, { lastMessage: { role: tool } }]
`);
    expect(await runCase(c, mini)).toMatchObject({ status: 'pass' });
  });

  it('runs `run: true` steps (the agent speaks first) and independent runs', async () => {
    const c = makeCase(agentSpec({ systemPrompt: 'Greet {{user}}.' }), `description: d
llm: { strict: true, rules: [{ match: { systemPromptContains: Greet Ada }, answer: { text: Hello Ada } }, { match: { systemPromptContains: Greet Bob }, answer: { text: Hello Bob } }] }
runs:
  - inputs: { user: Ada }
    steps: [{ run: true, expect: { status: user_input, messages: [{ role: assistant, content: Hello Ada }] } }]
    llmRequests: [{ systemPrompt: Greet Ada., lastMessage: { role: system } }]
  - inputs: { user: Bob }
    steps: [{ run: true, expect: { status: user_input, messages: [{ role: assistant, content: Hello Bob }] } }]
    llmRequests: [{ systemPrompt: Greet Bob. }]
`);
    expect(await runCase(c, mini)).toMatchObject({ status: 'pass' });
  });

  it('reports the first difference with its step and a pointer into case.yaml', async () => {
    const c = makeCase(multiplySpec, `description: d\n${MULTIPLY}runs:
  - steps:
      - user: "30x6"
        expect: { status: user_input, messages: [{ role: user }, { role: assistant }, { role: tool, content: "180" }, { role: assistant, content: "18" }] }
`);
    expect(await runCase(c, mini)).toMatchObject({
      status: 'fail',
      difference: { run: 0, step: 0, path: '/runs/0/steps/0/expect/messages/3/content', expected: '18', actual: '180' },
    });
  });

  it('catches a runtime that misbehaves on a case that passes elsewhere', async () => {
    const result = await runCase(selftest('agents/server-tool'), miniRuntime({ shout: true }));
    expect(result).toMatchObject({ status: 'fail', difference: { path: '/runs/0/steps/1/expect/messages/5/content', expected: "You're welcome, Ada.", actual: "YOU'RE WELCOME, ADA." } });
  });

  it('is an error with the code when a run rejects where a status was expected; a pass when the error was expected', async () => {
    const spec = agentSpec({ tools: { explode: ['reason'] } });
    const llm = `tools: [explode]
llm: { rules: [{ match: { lastUserMessage: go }, answer: { toolCalls: [{ name: explode, arguments: { reason: test } }] } }] }
`;
    const unexpected = makeCase(spec, `description: d\n${llm}runs: [{ steps: [{ user: go, expect: { status: user_input } }] }]\n`);
    const result = await runCase(unexpected, mini);
    expect(result).toMatchObject({ status: 'error', error: { code: 'AS_TOOL_FAILED', run: 0, step: 0 } });
    expect(result.status === 'error' && result.error.message).toContain('exploded: test');
    const expected = makeCase(spec, `description: d\n${llm}runs: [{ steps: [{ user: go, expect: { status: error, error: { code: AS_TOOL_FAILED } } }] }]\n`);
    expect(await runCase(expected, mini)).toMatchObject({ status: 'pass' });
    const other = makeCase(spec, `description: d\n${llm}runs: [{ steps: [{ user: go, expect: { status: error, error: { code: AS_LLM_HTTP } } }] }]\n`);
    expect(await runCase(other, mini)).toMatchObject({ status: 'fail', difference: { path: '/runs/0/steps/0/expect/error/code', expected: 'AS_LLM_HTTP', actual: 'AS_TOOL_FAILED' } });
  });

  it('is an error when the runtime rejects the spec at load, or the spec does not load', async () => {
    const noTool = makeCase(multiplySpec, 'description: d\nruns: [{ steps: [{ user: hi, expect: { status: user_input } }] }]\n');
    const rejected = await runCase(noTool, mini);
    expect(rejected).toMatchObject({ status: 'error', error: { code: 'AS_MISSING_TOOL', run: 0, step: 0 } });
    expect(rejected.status === 'error' && rejected.error.message).toMatch(/^runtime\.load rejected the spec: AS_MISSING_TOOL: no implementation for multiply/);
    const dangling = makeCase(`${agentSpec()}\n`.replace('tools: []', 'tools: [{ $component_ref: nope }]'), 'description: d\nruns: [{ steps: [{ user: hi, expect: { status: user_input } }] }]\n');
    const result = await runCase(dangling, mini);
    expect(result).toMatchObject({ status: 'error', error: { code: 'AS_DANGLING_REF' } });
    expect(result.status === 'error' && result.error.message).toMatch(/^the case's spec does not load/);
  });

  it('lets a case expect a load error on its first step (every run rejects with it)', async () => {
    const expected = makeCase(multiplySpec, `description: d
runs:
  - steps: [{ user: hi, expect: { status: error, error: { code: AS_MISSING_TOOL } } }]
    llmRequests: []
  - steps: [{ run: true, expect: { status: error, error: { code: AS_MISSING_TOOL } } }]
`);
    expect(await runCase(expected, mini)).toMatchObject({ status: 'pass' });
    const other = makeCase(multiplySpec, 'description: d\nruns: [{ steps: [{ user: hi, expect: { status: error, error: { code: AS_UNSUPPORTED } } }] }]\n');
    expect(await runCase(other, mini)).toMatchObject({ status: 'fail', difference: { path: '/runs/0/steps/0/expect/error/code', expected: 'AS_UNSUPPORTED', actual: 'AS_MISSING_TOOL' } });
  });

  it('fails a step whose action does not fit the previous status', async () => {
    const c = makeCase(multiplySpec, `description: d\n${MULTIPLY}runs:
  - steps:
      - { user: "30x6", expect: { status: user_input } }
      - { toolResults: [{ content: x }], expect: { status: user_input } }
`);
    expect(await runCase(c, mini)).toMatchObject({
      status: 'fail',
      difference: { run: 0, step: 1, path: '/runs/0/steps/1/toolResults', actual: 'user_input with 0 request(s)' },
    });
  });

  it('checks llmRequests: count, system prompt, tools, parameters, response format, last message', async () => {
    const run = (llmRequests: string) => runCase(makeCase(multiplySpec, `description: d\n${MULTIPLY}runs:
  - steps: [{ user: "30x6", expect: { status: user_input } }]
    llmRequests: ${llmRequests}
`), mini);
    expect(await run('[{ tools: [{ name: multiply, parameters: { type: object, required: [a, b] } }] }, { lastMessage: { role: tool, content: "180" } }]'))
      .toMatchObject({ status: 'pass' });
    expect(await run('[{ systemPrompt: "You help" }, {}]')).toMatchObject({ status: 'fail', difference: { run: 0, path: '/runs/0/llmRequests/0/systemPrompt', expected: 'You help', actual: 'You help.' } });
    expect(await run('[{}]')).toMatchObject({ status: 'fail', difference: { path: '/runs/0/llmRequests/1', expected: undefined, actual: { systemPrompt: 'You help.', lastMessage: { role: 'tool', content: '180' } } } });
    expect(await run('[{}, {}, {}]')).toMatchObject({ status: 'fail', difference: { path: '/runs/0/llmRequests/2', expected: {}, actual: undefined } });
    expect(await run('[{ tools: [{ name: add }] }, {}]')).toMatchObject({ status: 'fail', difference: { path: '/runs/0/llmRequests/0/tools/0/name', expected: 'add', actual: 'multiply' } });
    expect(await run('[{ tools: [{ name: multiply, parameters: { properties: { a: { type: integer } } } }] }, {}]'))
      .toMatchObject({ status: 'fail', difference: { path: '/runs/0/llmRequests/0/tools/0/parameters/properties/a/type', expected: 'integer', actual: 'number' } });
    expect(await run('[{ parameters: { temperature: 0.2 } }, {}]')).toMatchObject({ status: 'fail', difference: { path: '/runs/0/llmRequests/0/parameters/temperature', expected: 0.2, actual: undefined } });
    expect(await run('[{ responseFormat: { type: object } }, {}]')).toMatchObject({ status: 'fail', difference: { path: '/runs/0/llmRequests/0/responseFormat', actual: undefined } });
    expect(await run('[{}, { lastMessage: { role: user } }]')).toMatchObject({ status: 'fail', difference: { path: '/runs/0/llmRequests/1/lastMessage/role', expected: 'user', actual: 'tool' } });
  });

  it('substitutes local server addresses into the spec text', async () => {
    const c = makeCase(agentSpec({ systemPrompt: 'Use ${http}/weather.' }), `description: d
servers: [http]
llm: { strict: true, rules: [{ match: { systemPromptContains: "Use http://127.0.0.1:" }, answer: { text: ok } }] }
runs: [{ steps: [{ run: true, expect: { status: user_input, messages: [{ role: assistant, content: ok }] } }] }]
`);
    expect(await runCase(c, mini)).toMatchObject({ status: 'pass' });
  });

  it('ends a case that takes too long with a TIMEOUT error', async () => {
    const c = makeCase(agentSpec(), `description: d
llm: { rules: [{ match: { lastUserMessage: hi }, answer: { text: late, delayMs: 5000 } }] }
runs: [{ steps: [{ user: hi, expect: { status: user_input } }] }]
`);
    const started = Date.now();
    const result = await runCase(c, mini, { timeoutMs: 300 });
    expect(result).toMatchObject({ status: 'error', error: { code: 'TIMEOUT', message: 'the case did not end within 300 ms' } });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  describe('refusedBy: runtimes that do not run the spec yet', () => {
    /** A spec the mini runtime refuses at load (it has no RemoteTool). */
    const remote = `${agentSpec()}  - { component_type: RemoteTool, id: fetch, name: fetch, url: "http://127.0.0.1:9/x", http_method: GET }\n`.replace('tools: []\n', 'tools:\n');
    const refusedBy = (runtime: string, mentions: string) => `refusedBy:\n  ${runtime}: { code: AS_UNSUPPORTED, mentions: [${JSON.stringify(mentions)}] }\n`;
    const llm = 'llm: { strict: true, rules: [{ match: { lastUserMessage: hi }, answer: { text: hello } }] }\n';
    const runs = 'runs: [{ steps: [{ user: hi, expect: { status: user_input } }], llmRequests: [{ lastMessage: { content: hi } }] }]\n';

    it('passes when a listed runtime refuses the spec at load with the error given, before any LLM request', async () => {
      expect(await runCase(makeCase(remote, `description: d\n${llm}${refusedBy('mini', 'has no RemoteTool')}${runs}`), mini)).toEqual({ status: 'pass', durationMs: expect.any(Number) });
    });

    it('fails when a listed runtime loads the spec, or refuses it with another message', async () => {
      expect(await runCase(makeCase(agentSpec(), `description: d\n${llm}${refusedBy('mini', 'anything')}${runs}`), mini))
        .toMatchObject({ status: 'fail', difference: { path: '/refusedBy/mini', expected: 'load() rejects the spec with AS_UNSUPPORTED', actual: 'the spec loaded' } });
      expect(await runCase(makeCase(remote, `description: d\n${llm}${refusedBy('mini', 'has no ClientTool')}${runs}`), mini))
        .toMatchObject({ status: 'fail', difference: { path: '/refusedBy/mini/mentions/0', expected: 'has no ClientTool' } });
    });

    it('drives the runs on the runtimes it does not list', async () => {
      expect(await runCase(makeCase(agentSpec(), `description: d\n${llm}${refusedBy('langgraph', 'anything')}${runs}`), mini)).toMatchObject({ status: 'pass' });
    });
  });
});
