import { appendFileSync, existsSync, openSync, closeSync, readFileSync, ftruncateSync, writeFileSync } from 'node:fs';
import { EvalError } from '../errors.js';
import type { EvalPlan } from './eval-plan.js';
import type { TaskResult } from './score-run.js';

export const RESULTS_FORMAT = 'agentspec-eval-results';

/** The first line of a results file. */
export interface ResultsHeader {
  readonly type: 'header';
  readonly format: typeof RESULTS_FORMAT;
  readonly version: 1;
  readonly name: string;
  readonly dataset: { readonly name: string; readonly hash: string };
  readonly created: string;
}

/**
 * A results file: JSON Lines, a header then one line per finished run,
 * appended as each run ends (so that an interrupted eval keeps what it did).
 * Opening an existing file resumes it: its results are read back (a last
 * line cut by a crash is dropped), and the same key is never counted twice.
 */
export class ResultsFile {
  private constructor(readonly path: string | undefined, readonly results: Map<string, TaskResult>) {}

  /** Results kept in memory only (no file). */
  static memory(): ResultsFile {
    return new ResultsFile(undefined, new Map());
  }

  /** Open (resume) or create the file for a plan; `fresh` starts over. A file of another dataset is AS_EVAL_RESULTS. */
  static open(path: string, plan: EvalPlan, options: { fresh?: boolean } = {}): ResultsFile {
    if (options.fresh || !existsSync(path)) {
      const header: ResultsHeader = { type: 'header', format: RESULTS_FORMAT, version: 1, name: plan.name, dataset: { name: plan.dataset.name, hash: plan.dataset.hash }, created: new Date().toISOString() };
      try {
        writeFileSync(path, `${JSON.stringify(header)}\n`);
      } catch (e) {
        throw new EvalError('AS_EVAL_RESULTS', `cannot write the results file ${path}: ${(e as Error).message}`);
      }
      return new ResultsFile(path, new Map());
    }
    const { header, results } = readResults(path, true);
    if (header.dataset.hash !== plan.dataset.hash) {
      throw new EvalError('AS_EVAL_RESULTS', `${path} holds results of another dataset (${header.dataset.name} ${header.dataset.hash}, not ${plan.dataset.name} ${plan.dataset.hash})`, { hint: 'start over with --fresh, or name another results file' });
    }
    return new ResultsFile(path, results);
  }

  has(key: string): boolean {
    return this.results.has(key);
  }

  /** Appends a result; false (nothing written) when its key is already there (a run counted once). */
  add(result: TaskResult): boolean {
    if (this.results.has(result.key)) return false;
    this.results.set(result.key, result);
    if (this.path !== undefined) appendFileSync(this.path, `${JSON.stringify({ type: 'result', ...result })}\n`);
    return true;
  }
}

/** The header and results of a results file; `repair` cuts a partial last line off the file (a crash mid-write). */
export function readResults(path: string, repair = false): { header: ResultsHeader; results: Map<string, TaskResult> } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new EvalError('AS_EVAL_RESULTS', `cannot read the results file ${path}: ${(e as Error).message}`);
  }
  const complete = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  if (repair && complete.length !== text.length) {
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, Buffer.byteLength(complete));
    } finally {
      closeSync(fd);
    }
  }
  const lines = complete.split('\n').filter((l) => l !== '');
  let header: ResultsHeader | undefined;
  const results = new Map<string, TaskResult>();
  lines.forEach((line, i) => {
    let value: { type?: string; format?: string } & Record<string, unknown>;
    try {
      value = JSON.parse(line) as typeof value;
    } catch {
      throw new EvalError('AS_EVAL_RESULTS', `${path}:${i + 1} is not JSON`);
    }
    if (i === 0) {
      if (value.type !== 'header' || value.format !== RESULTS_FORMAT) throw new EvalError('AS_EVAL_RESULTS', `${path} is not a results file of agentspec eval`);
      header = value as unknown as ResultsHeader;
    } else if (value.type === 'result') {
      const { type: _type, ...result } = value;
      if (!results.has(result.key as string)) results.set(result.key as string, result as unknown as TaskResult);
    }
  });
  if (!header) throw new EvalError('AS_EVAL_RESULTS', `${path} is empty`);
  return { header, results };
}
