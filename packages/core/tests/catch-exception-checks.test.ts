import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../src/index.js';

// the checks of a CatchExceptionNode's branches and outputs skip the inferred lists when the
// declared ones match them: what they report must be what the full comparison reports
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/versions/26.2.0/catch-exception-flow.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const NODE = '/$referenced_components/guarded_fetch';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The node's branch and output problems after `edit` of the node and of its subflow's EndNode. */
function problems(edit: (node: Doc, end: Doc) => void): string[] {
  const doc = structuredClone(FIXTURE) as Doc;
  const refs = doc.$referenced_components as Doc;
  edit(refs.guarded_fetch as Doc, refs.fetch_end as Doc);
  return load(doc).diagnostics
    .filter((d) => d.path.startsWith(NODE) && (d.code === 'AS_BRANCHES_MISMATCH' || d.code === 'AS_IO_MISMATCH'))
    .map((d) => `${d.code} ${d.path.slice(NODE.length)}`);
}

describe('CatchExceptionNode branch and output checks', () => {
  it('report nothing for the branches and outputs as inferred, in either order', () => {
    expect(problems(() => {})).toEqual([]);
    expect(problems((n) => { n.branches = ['next', 'caught_exception_branch']; })).toEqual([]);
    expect(problems((n) => { n.outputs = [...(n.outputs as Doc[])].reverse(); })).toEqual([]);
  });

  it('report branches that differ from the inferred ones', () => {
    expect(problems((n) => { n.branches = ['next']; })).toEqual(['AS_BRANCHES_MISMATCH /branches']);
    expect(problems((n) => { n.branches = ['next', 'caught_exception_branch', 'other']; })).toEqual(['AS_BRANCHES_MISMATCH /branches']);
    expect(problems((n) => { n.branches = ['next', 'next', 'caught_exception_branch']; })).toEqual([]);
  });

  it('report a subflow exit named like the exception branch', () => {
    const found = problems((n, end) => {
      end.branch_name = 'caught_exception_branch';
      n.branches = ['caught_exception_branch'];
    });
    expect(found).toEqual(['AS_BRANCHES_MISMATCH /subflow']);
    expect(problems((n, end) => { end.branch_name = 'done'; })).toEqual(['AS_BRANCHES_MISMATCH /branches']);
    expect(problems((n, end) => {
      end.branch_name = 'done';
      n.branches = ['done', 'caught_exception_branch'];
    })).toEqual([]);
  });

  it('report outputs without caught_exception_info, or with one the subflow lacks', () => {
    expect(problems((n) => { n.outputs = (n.outputs as Doc[]).slice(0, 1); })).toEqual(['AS_IO_MISMATCH /outputs']);
    expect(problems((n) => { n.outputs = [...(n.outputs as Doc[]), { title: 'extra', type: 'string', default: '' }]; })).toEqual(['AS_IO_MISMATCH /outputs']);
  });
});
