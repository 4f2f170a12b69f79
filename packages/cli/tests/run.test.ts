import { closedPort } from '@agentspec/testing';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRunCase } from '@agentspec/conformance';
import { cli, cliWithInput, tempFiles } from './helpers.js';

const repo = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));
const weather = ['run', repo('examples/specs/weather-agent.yaml'), '--offline', repo('examples/scripted-llm/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts')];
const pausing = repo('conformance/cases/persistence/resume-at-tool-confirmation/spec.yaml');

describe('agentspec run', () => {
  it('chats with an agent from scripted lines, loading TypeScript tools, and prints the conversation and outputs', async () => {
    const r = await cliWithInput(['Hello', 'What is the weather in Zurich?'], ...weather, '--input', 'user_name=Ada');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual(expect.arrayContaining([
      'user: Hello',
      'assistant (Weather assistant): Hello! Which city?',
      'tool: sunny, 21°C in Zurich',
      'finished: {"summary":"Sunny and 21°C in Zurich."}',
    ]));
  });

  it('--json prints the final status', async () => {
    const r = await cliWithInput(['What is the weather in Zurich?'], ...weather, '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'finished', outputs: { summary: 'Sunny and 21°C in Zurich.' } });
  });

  it('stops when the answers run out, saves, and resumes from the save', async () => {
    const files = tempFiles({});
    const spec = readFileSync(pausing, 'utf8');
    expect(spec).toContain('requires_confirmation: true');
    const caseDir = repo('conformance/cases/persistence/resume-at-tool-confirmation');
    const rules = tempFiles({ 'rules.json': JSON.stringify(loadRunCase(caseDir, 'persistence/resume-at-tool-confirmation').llm) });
    const base = ['run', pausing, '--offline', rules('rules.json'), '--tools', repo('packages/cli/tests/fixtures/library-tools.ts')];
    const first = await cliWithInput(['Weather in Rome?'], ...base, '--save', files('s.json'));
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('stopped: waiting for tool confirmation (saved to');
    expect(JSON.parse(readFileSync(files('s.json'), 'utf8')).runtime).toBe('reference');
    const second = await cliWithInput(['y'], ...base, '--resume', files('s.json'));
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('assistant (');
    expect(second.stdout).toContain('Sunny and 21°C in Rome.');
    expect(second.stdout).toContain('stopped: waiting for user input');
  });

  it('--runtime all prints a comparison', async () => {
    const r = await cliWithInput(['What is the weather in Zurich?'], ...weather, '--runtime', 'all');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^runtime +status +branch +outputs \/ reply +LLM calls +time/);
    expect(r.stdout).toMatch(/reference +finished +next +\{"summary":"Sunny and 21°C in Zurich\."\} +2 /);
    expect(r.stdout).toMatch(/agree/);
  });

  it('--runtime all with the LLM on a closed port: every runtime reports AS_LLM_HTTP, they agree, exit 3', async () => {
    const port = await closedPort();
    const r = await cliWithInput(['What is the weather in Zurich?'], 'run', repo('examples/specs/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts'),
      '--llm-url', `http://127.0.0.1:${port}`, '--runtime', 'all', '--json');
    const runs = JSON.parse(r.stdout) as { runtime: string; status: string; error?: { code: string } }[];
    expect(runs.map((x) => [x.runtime, x.status, x.error?.code])).toEqual(['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra'].map((n) => [n, 'error', 'AS_LLM_HTTP']));
    expect(r.code).toBe(3);
  }, 60_000);

  it('exits 1 and prints what differs when the runtimes disagree (a stateful tool answers each runtime differently)', async () => {
    const ticket = ['run', repo('packages/cli/tests/fixtures/ticket-flow.yaml'), '--tools', repo('packages/cli/tests/fixtures/counting-tools.ts')];
    const r = await cli(...ticket, '--runtime', 'reference,langgraph,mastra');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/reference +finished +next +\{"ticket":"T-1"\}/);
    expect(r.stdout).toMatch(/langgraph +finished +next +\{"ticket":"T-2"\}/);
    expect(r.stdout).toMatch(/mastra +error AS_TOOL_FAILED/);
    expect(r.stdout).toContain([
      'the runtimes DISAGREE on status, error code, branch, outputs:',
      '  status:',
      '    reference  finished',
      '    langgraph  finished',
      '    mastra     error',
      '  error code:',
      '    reference  -',
      '    langgraph  -',
      '    mastra     AS_TOOL_FAILED',
    ].join('\n'));
    expect(r.stdout).toContain(['  outputs:', '    reference  {"ticket":"T-1"}', '    langgraph  {"ticket":"T-2"}', '    mastra     -'].join('\n'));
    expect((await cli(...ticket, '--runtime', 'reference,nope')).code).toBe(2);
  });

  it('exits 1 on an invalid spec, 2 on usage errors, 3 (RUN_FAILED) on a run that ends in a coded error', async () => {
    const files = tempFiles({ 'bad.yaml': 'component_type: Flow\nid: f\n' });
    expect((await cli('run', files('bad.yaml'))).code).toBe(1);
    expect((await cli(...weather, '--runtime', 'nope')).code).toBe(2);
    expect((await cli(...weather, '--input', 'novalue')).code).toBe(2);
    expect((await cli(...weather, '--store', files('s.db'))).stderr).toContain('--store goes with --save or --resume');
    expect((await cli(...weather, '--runtime', 'reference,langgraph', '--save', 'x')).code).toBe(2);
    const noTools = await cliWithInput(['What is the weather in Zurich?'], 'run', repo('examples/specs/weather-agent.yaml'), '--offline', repo('examples/scripted-llm/weather-agent.yaml'));
    expect(noTools.code).toBe(3);
    expect(noTools.stderr).toMatch(/^agentspec: error AS_MISSING_TOOL: /m);
  });
});

