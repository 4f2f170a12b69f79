/** One runtime's run of a spec, for the side-by-side comparison of `--runtime all`. */
export interface RuntimeRun {
  readonly runtime: string;
  readonly status: string;
  readonly outputs?: Readonly<Record<string, unknown>>;
  readonly branch?: string;
  /** The last assistant message: the answer of a run that waits for the user. */
  readonly reply?: string;
  readonly llmCalls?: number;
  readonly ms: number;
  readonly error?: { readonly code: string; readonly message: string };
}

/** A table of runs (status, branch, outputs or last reply, LLM calls, time) and whether they agree. */
export function compareRuns(runs: readonly RuntimeRun[]): string {
  const rows = runs.map((r) => [
    r.runtime, r.error ? `error ${r.error.code}` : r.status, r.branch ?? '',
    r.outputs ? JSON.stringify(r.outputs) : r.reply !== undefined ? `“${r.reply.length > 60 ? `${r.reply.slice(0, 57)}…` : r.reply}”` : r.error?.message.slice(0, 60) ?? '',
    r.llmCalls === undefined ? '-' : String(r.llmCalls), `${r.ms} ms`,
  ]);
  const header = ['runtime', 'status', 'branch', 'outputs / reply', 'LLM calls', 'time'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ').trimEnd();
  const same = new Set(runs.map((r) => JSON.stringify([r.status, r.branch, r.outputs, r.reply]))).size === 1;
  return [line(header), ...rows.map(line), '', same ? `all ${runs.length} runtimes agree` : 'the runtimes DISAGREE', ''].join('\n');
}
