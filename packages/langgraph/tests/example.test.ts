/** examples/export-langgraph runs as its README says (it imports the built packages). */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const run = fileURLToPath(new URL('../../../examples/export-langgraph/run.mjs', import.meta.url));

describe('examples/export-langgraph', { timeout: 60_000 }, () => {
  it('exports the hand-written graph and runs it on the reference runtime with the same result', () => {
    const out = execFileSync(process.execPath, [run], { encoding: 'utf8', timeout: 60_000 });
    expect(out).toContain("Flow 'Support triage': start (StartNode), classify (ToolNode), billing (ToolNode), technical (ToolNode), signature (FlowNode), classify router (ToolNode), classify branch (BranchingNode), end (EndNode)");
    expect(out.match(/same result: true/g)).toHaveLength(2);
    expect(out).not.toContain('warning');
  });
});
