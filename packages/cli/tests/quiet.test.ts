import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentspec, NOT_A_BUG, ROOT } from './bin-process.js';
import { tempFiles } from './helpers.js';

// A malformed tool call (arguments that are not JSON): what made LangChain print its "please upgrade"
// notice and Mastra its "Error converting tool call input to JSON" message.
const files = tempFiles({
  'rules.yaml': 'strict: true\nrules:\n  - match: { lastUserMessage: { contains: Add } }\n    answer: { malformed: tool_arguments }\n',
  'tools.ts': 'export const tools = { add: ({ a, b }: Record<string, unknown>) => Number(a) + Number(b) };\n',
});
const spec = join(ROOT, 'conformance/cases/faults/malformed-tool-call/spec.yaml');
const NOISE = /LangChain|upgrade|Error converting|tool call input/i;

describe('runs print what agentspec says and nothing of the frameworks (the built bin, scripted LLM)', () => {
  for (const runtime of ['langgraph', 'mastra']) {
    it(`a malformed tool call on ${runtime}: only the coded error on stderr`, () => {
      const r = agentspec(['run', spec, '--runtime', runtime, '--offline', files('rules.yaml'), '--tools', files('tools.ts')], { input: 'Add 1 and 2\n' });
      expect(r.stderr).not.toMatch(NOISE);
      expect(r.stderr).not.toMatch(NOT_A_BUG);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^agentspec: error AS_TOOL_CALL_INVALID: the LLM called 'add' with arguments that are not (a )?JSON/);
      expect(r.code).toBe(3);
    });
  }

  it('the one-spec-four-runtimes example on every runtime: the table on stdout, a few lines on stderr', () => {
    const dir = 'examples/one-spec-four-runtimes';
    const r = agentspec(['run', `${dir}/trip-planner.yaml`, '--runtime', 'all', '--offline', `${dir}/llm.yaml`, '--tools', `${dir}/tools.ts`], { input: 'Rome, Lisbon\n' });
    expect(r.stdout).toContain('all 5 runtimes agree');
    expect(r.stderr).not.toMatch(NOISE);
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(5);
    expect(r.code).toBe(0);
  });
});
