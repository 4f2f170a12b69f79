import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { EvalItem, MetricInput, RunRecord } from '../src/index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Files in a fresh temporary folder (removed after the test file); returns the path of a name. */
export function tempFiles(files: Record<string, string> = {}): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-eval-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return (name) => join(dir, name);
}

/** A metric input for an answer (and optionally a trajectory) against an item. */
export function input(item: Partial<EvalItem>, run: Partial<RunRecord> & { answer?: unknown }, dataset: MetricInput['dataset'] = {}): MetricInput {
  return {
    item: { id: 'i', ...item },
    run: { status: 'finished', answer: run.answer, messages: [], trajectory: [], ...run },
    dataset,
  };
}
