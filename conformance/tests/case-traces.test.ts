import { describe, expect, it } from 'vitest';
import { referenceRuntime, spanTreeText, type Trace } from '@agentspec/runtime';
import { loadRunCase } from '../src/case.js';
import { caseTracesYaml, readCaseTraces } from '../src/case-traces.js';
import { runCase } from '../src/run-case.js';
import { agentSpec } from './helpers/cases.js';
import { writeTree } from './helpers/paths.js';

const CASE = `description: two turns of a conversation
tools: [multiply]
llm:
  strict: true
  rules:
    - { match: { lastToolResult: { tool: multiply } }, answer: { text: "180" } }
    - { match: { lastUserMessage: "30x6" }, answer: { toolCalls: [{ name: multiply, arguments: { a: 30, b: 6 } }] } }
    - { match: { lastUserMessage: "hi" }, answer: { text: "hello" } }
runs:
  - steps:
      - { user: hi, expect: { status: user_input } }
      - { user: "30x6", saveAndResume: true, expect: { status: user_input } }
`;
const SPEC = agentSpec({ tools: { multiply: ['a', 'b'] } });
// the second turn continues the agent span of the first (the session is one tree)
const TREE = `agent 'Agent' (agent)
  llm 'llm' (llm)
  llm 'llm' (llm)
  tool 'multiply' (multiply)
  llm 'llm' (llm)`;

const withTrace = (trees: readonly string[]) => loadRunCase(writeTree({ 'spec.yaml': SPEC, 'case.yaml': CASE, 'trace.yaml': caseTracesYaml(trees) }), 'test/traced');

describe("a case's span trees (trace.yaml)", () => {
  it('passes when each run gives the recorded tree, and hands the traces over', async () => {
    const traces: Trace[] = [];
    expect(await runCase(withTrace([TREE]), referenceRuntime(), { onTrace: (run, trace) => (traces[run] = trace) })).toMatchObject({ status: 'pass' });
    expect(spanTreeText(traces[0]!)).toBe(TREE);
    expect(traces[0]!.runs.map((r) => r.status)).toEqual(['user_input', 'user_input']);
  });

  it('fails at the first line that differs, with a pointer into trace.yaml; not when traces are not checked', async () => {
    const wrong = TREE.replace("  tool 'multiply' (multiply)\n", '');
    expect(await runCase(withTrace([wrong]), referenceRuntime())).toMatchObject({
      status: 'fail', difference: { run: 0, path: 'trace.yaml#/runs/0/4', expected: "  llm 'llm' (llm)", actual: "  tool 'multiply' (multiply)" },
    });
    expect(await runCase(withTrace([wrong]), referenceRuntime(), { traces: false })).toMatchObject({ status: 'pass' });
  });

  it('reads back what caseTracesYaml writes; a tree per run, or the case is invalid', () => {
    const dir = writeTree({ 'trace.yaml': caseTracesYaml([TREE, '']) });
    expect(readCaseTraces(dir, 2, () => expect.unreachable())).toEqual([TREE, '']);
    const problems: string[] = [];
    readCaseTraces(dir, 1, (m) => problems.push(m));
    expect(problems).toEqual(['trace.yaml: 2 span tree(s) for 1 run(s)']);
    expect(() => withTrace([TREE, TREE])).toThrow(/trace\.yaml: 2 span tree\(s\) for 1 run\(s\)/);
  });
});
