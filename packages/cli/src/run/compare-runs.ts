/** One runtime's run of a spec, for the side-by-side comparison of `--runtime all`. */
export interface RuntimeRun {
  readonly runtime: string;
  readonly status: string;
  readonly outputs?: Readonly<Record<string, unknown>>;
  readonly branch?: string;
  /** The last assistant message: the answer of a run that waits for the user. */
  readonly reply?: string;
  /** Who gave that answer (its message's sender): in a Swarm, the agent owning the conversation then. */
  readonly sender?: string;
  readonly llmCalls?: number;
  readonly ms: number;
  readonly error?: { readonly code: string; readonly message: string };
}

/** What runs must have in common to agree (time, LLM calls and error messages may differ). */
const COMPARED = [
  { label: 'status', of: (r: RuntimeRun) => r.status },
  { label: 'error code', of: (r: RuntimeRun) => r.error?.code },
  { label: 'branch', of: (r: RuntimeRun) => r.branch },
  { label: 'outputs', of: (r: RuntimeRun) => (r.outputs === undefined ? undefined : JSON.stringify(r.outputs)) },
  { label: 'reply', of: (r: RuntimeRun) => (r.reply === undefined ? undefined : JSON.stringify(r.reply)) },
  { label: 'replying agent', of: (r: RuntimeRun) => r.sender },
] as const;

/** The compared fields whose values differ between the runs (none: the runs agree). */
export function differences(runs: readonly RuntimeRun[]): readonly (typeof COMPARED)[number][] {
  return COMPARED.filter((field) => new Set(runs.map((r) => field.of(r) ?? '')).size > 1);
}

/** Whether every run ended the same way: same status, error code, branch, outputs and reply. */
export function runsAgree(runs: readonly RuntimeRun[]): boolean {
  return differences(runs).length === 0;
}

/** A table of runs (status, branch, outputs or last reply with who gave it, LLM calls, time), whether they agree, and what differs when they do not. */
export function compareRuns(runs: readonly RuntimeRun[]): string {
  const rows = runs.map((r) => [
    r.runtime, r.error ? `error ${r.error.code}` : r.status, r.branch ?? '',
    r.outputs ? JSON.stringify(r.outputs) : r.reply !== undefined ? `${r.sender ? `${r.sender}: ` : ''}“${r.reply.length > 60 ? `${r.reply.slice(0, 57)}…` : r.reply}”` : r.error?.message.slice(0, 60) ?? '',
    r.llmCalls === undefined ? '-' : String(r.llmCalls), `${r.ms} ms`,
  ]);
  const header = ['runtime', 'status', 'branch', 'outputs / reply', 'LLM calls', 'time'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ').trimEnd();
  const table = [line(header), ...rows.map(line), ''];
  const diff = differences(runs);
  if (diff.length === 0) return [...table, `all ${runs.length} runtimes agree`, ''].join('\n');
  return [...table, `the runtimes DISAGREE on ${diff.map((d) => d.label).join(', ')}:`, ...diffLines(runs, diff), ''].join('\n');
}

/** Each differing field, then its value on every runtime (in full: the table cuts long values), `-` where absent. */
function diffLines(runs: readonly RuntimeRun[], diff: ReturnType<typeof differences>): string[] {
  const width = Math.max(...runs.map((r) => r.runtime.length));
  const out: string[] = [];
  for (const field of diff) {
    out.push(`  ${field.label}:`);
    for (const r of runs) out.push(`    ${r.runtime.padEnd(width)}  ${field.of(r) ?? '-'}`);
  }
  return out;
}
