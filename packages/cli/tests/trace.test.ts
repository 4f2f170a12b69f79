import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTraces, type Trace } from '@agentspec/runtime';
import { closedPort, startOtlpReceiver, type OtlpReceiver } from '@agentspec/testing';
import { cli, cliWithInput, tempFiles } from './helpers.js';

const repo = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));
const weather = ['run', repo('examples/specs/weather-agent.yaml'), '--offline', repo('examples/scripted-llm/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts')];
const QUESTION = 'What is the weather in Zurich?';

/** A trace's tree as `kind name` lines, indented by depth. */
function shape(trace: Trace): string[] {
  const lines: string[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const s of trace.spans.filter((x) => x.parentId === parent)) {
      lines.push(`${'  '.repeat(depth)}${s.kind} ${s.name}`);
      walk(s.id, depth + 1);
    }
  };
  walk(null, 0);
  return lines;
}

const WEATHER_TREE = ['AgentExecutionSpan Weather assistant', '  LlmGenerationSpan local model', '  ToolExecutionSpan get_forecast', '  LlmGenerationSpan local model'];

let receiver: OtlpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('agentspec run --trace', () => {
  it('writes the run as a trace file, the conversation still printed', async () => {
    const files = tempFiles({});
    const r = await cliWithInput(['Hello', QUESTION], ...weather, '--trace', files('out.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('finished: {"summary":"Sunny and 21°C in Zurich."}');
    expect(r.stderr).toMatch(/^trace: .*out\.json \(5 spans\)$/m);
    const [trace] = parseTraces(readFileSync(files('out.json'), 'utf8'));
    expect(trace).toMatchObject({ runtime: 'reference', name: 'Weather assistant' });
    expect(trace!.runs.map((x) => x.status)).toEqual(['user_input', 'finished']);
    // the first turn's agent span paused; the second turn continues it (one tree: its spans are the agent's children) and ends it
    expect(trace!.spans.map((s) => [s.kind, s.status, s.run])).toEqual([
      ['AgentExecutionSpan', 'ok', 0], ['LlmGenerationSpan', 'ok', 0],
      ['LlmGenerationSpan', 'ok', 1], ['ToolExecutionSpan', 'ok', 1], ['LlmGenerationSpan', 'ok', 1],
    ]);
    expect(trace!.spans.slice(1).every((s) => s.parentId === trace!.spans[0]!.id)).toBe(true);
    expect(trace!.spans.find((s) => s.kind === 'ToolExecutionSpan')).toMatchObject({ attributes: { inputs: { city: 'Zurich' } }, endAttributes: { outputs: 'sunny, 21°C in Zurich' } });
  });

  it('a failed run still writes its trace, the failing spans as errors; the exit code is the run\'s', async () => {
    const files = tempFiles({});
    const down = `http://127.0.0.1:${await closedPort()}`;
    const r = await cliWithInput([QUESTION], 'run', repo('examples/specs/weather-agent.yaml'), '--tools', repo('examples/tools/weather.ts'), '--llm-url', down, '--trace', files('failed.json'));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('agentspec: error AS_LLM_HTTP');
    const [trace] = parseTraces(readFileSync(files('failed.json'), 'utf8'));
    expect(trace!.runs).toMatchObject([{ status: 'error', error: { code: 'AS_LLM_HTTP' } }]);
    expect(trace!.spans.map((s) => [s.kind, s.status, s.error?.code])).toEqual([['AgentExecutionSpan', 'error', 'AS_LLM_HTTP'], ['LlmGenerationSpan', 'error', 'AS_LLM_HTTP']]);
  });

  it('--runtime all --trace FOLDER writes <runtime>.json for each runtime and says whether the span trees differ; a FILE gets the list', async () => {
    const files = tempFiles({});
    const r = await cliWithInput([QUESTION], ...weather, '--runtime', 'all', '--trace', `${files('traces')}/`);
    expect(r.code).toBe(0);
    expect(readdirSync(files('traces')).sort()).toEqual(['ai-sdk.json', 'langgraph.json', 'mastra.json', 'openai-agents.json', 'reference.json']);
    for (const name of ['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra']) {
      const [trace] = parseTraces(readFileSync(`${files('traces')}/${name}.json`, 'utf8'));
      expect(trace!.runtime).toBe(name);
      expect(trace!.runs.map((x) => x.status)).toEqual(['finished']);
      expect(trace!.spans.length, name).toBeGreaterThan(0);
    }
    expect(shape(parseTraces(readFileSync(`${files('traces')}/reference.json`, 'utf8'))[0]!)).toEqual(WEATHER_TREE);
    expect(r.stderr).toMatch(/^trace: the span trees (are the same on every runtime|differ from reference's \(\d+\): )/m);

    const two = await cliWithInput([QUESTION], ...weather, '--runtime', 'reference,ai-sdk', '--trace', files('both.json'));
    expect(two.code).toBe(0);
    const traces = parseTraces(readFileSync(files('both.json'), 'utf8'));
    expect(traces.map((t) => t.runtime)).toEqual(['reference', 'ai-sdk']);
    expect(traces.map(shape)).toEqual([WEATHER_TREE, WEATHER_TREE]);
    expect(two.stderr).toContain('trace: the span trees are the same on every runtime');
  });

  it('refuses a trace file in a folder that does not exist before running anything', async () => {
    const r = await cliWithInput([QUESTION], ...weather, '--trace', '/nonexistent-folder/x/out.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('AS_CANNOT_WRITE');
    expect(r.stdout).toBe('');
  });
});

describe('agentspec run --otlp', () => {
  it('exports the run to the collector named, without content unless --otlp-content', async () => {
    receiver = await startOtlpReceiver();
    const r = await cliWithInput([QUESTION], ...weather, '--input', 'user_name=Ada', '--otlp', receiver.url, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'finished' });
    expect(r.stderr).toContain(`trace: 4 spans exported to ${receiver.url}`);
    expect(receiver.spans.map((s) => s.name).sort()).toEqual(['chat scripted-model', 'chat scripted-model', 'execute_tool get_forecast', 'invoke_agent Weather assistant']);
    const agent = receiver.spans.find((s) => s.parentSpanId === '')!;
    expect(receiver.spans.filter((s) => s !== agent).every((s) => s.parentSpanId === agent.spanId)).toBe(true);
    const sent = receiver.requests.map((x) => x.body).join('');
    for (const text of [QUESTION, 'weather assistant for Ada', 'sunny, 21°C', 'Zurich']) expect(sent, text).not.toContain(text);

    receiver.spans.length = 0;
    receiver.requests.length = 0;
    const withContent = await cliWithInput([QUESTION], ...weather, '--input', 'user_name=Ada', '--otlp', receiver.url, '--otlp-content');
    expect(withContent.stderr).toContain('(with content)');
    const chat = receiver.spans.find((s) => s.name === 'chat scripted-model' && String(s.attributes['gen_ai.input.messages']).includes(QUESTION));
    expect(String(chat!.attributes['gen_ai.system_instructions'])).toContain('weather assistant for Ada');
    expect(receiver.spans.find((s) => s.name === 'execute_tool get_forecast')!.attributes['gen_ai.tool.call.arguments']).toBe('{"city":"Zurich"}');
  });

  it('a collector that is down: the run succeeds, the trace file is written, the export error is printed, exit 3', async () => {
    const files = tempFiles({});
    const down = `http://127.0.0.1:${await closedPort()}/v1/traces`;
    // the exporter's OpenTelemetry settings apply (it retries until this timeout)
    process.env.OTEL_EXPORTER_OTLP_TIMEOUT = '1000';
    const r = await cliWithInput([QUESTION], ...weather, '--otlp', down, '--trace', files('kept.json')).finally(() => delete process.env.OTEL_EXPORTER_OTLP_TIMEOUT);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('finished:');
    expect(r.stderr).toContain(`agentspec: error AS_TRACE_EXPORT: could not export spans to ${down}`);
    expect(parseTraces(readFileSync(files('kept.json'), 'utf8'))[0]!.spans).toHaveLength(4);
  });

  it('refuses a URL that is not http(s), and --otlp-content without --otlp, before running', async () => {
    for (const args of [['--otlp', 'ftp://collector/v1/traces'], ['--otlp', 'localhost:4318'], ['--otlp-content']]) {
      const r = await cliWithInput([QUESTION], ...weather, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/agentspec: error AS_BAD_OPTION: --otlp/);
    }
  });
});

describe('agentspec trace', () => {
  it('view writes one HTML page with the data and the viewer inline, and nothing fetched', async () => {
    const files = tempFiles({});
    await cliWithInput([QUESTION], ...weather, '--trace', files('out.json'));
    const r = await cli('trace', 'view', files('out.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`wrote ${files('out.html')} (1 trace, 4 spans)\n`);
    const html = readFileSync(files('out.html'), 'utf8');
    expect(html).toContain("Content-Security-Policy\" content=\"default-src 'none';");
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
    expect(html).toContain('"name":"get_forecast"');
  });

  it('view refuses what is not a trace file (AS_NOT_JSON, exit 2)', async () => {
    const files = tempFiles({ 'spec.json': '{"component_type": "Agent"}', 'broken.json': '{' });
    for (const f of ['spec.json', 'broken.json']) {
      const r = await cli('trace', 'view', files(f));
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/agentspec: error AS_NOT_JSON: .* is not a trace file: /);
    }
  });

  it('export sends trace files to a collector', async () => {
    const files = tempFiles({});
    await cliWithInput([QUESTION], ...weather, '--runtime', 'reference,openai-agents', '--trace', files('two.json'));
    receiver = await startOtlpReceiver();
    const r = await cli('trace', 'export', files('two.json'), '--otlp', receiver.url);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${receiver.spans.length} spans exported to ${receiver.url}\n`);
    expect(new Set(receiver.spans.map((s) => s.attributes['agentspec.runtime']))).toEqual(new Set(['reference', 'openai-agents']));
  });
});
