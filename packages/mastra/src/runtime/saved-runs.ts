import type { Mastra } from '@mastra/core';

/** A suspended Mastra run as JSON: what Mastra's storage holds of it, carried in a session's save. */
export interface SavedRun {
  readonly workflowName: string;
  readonly runId: string;
  readonly resourceId?: string;
  readonly snapshot: unknown;
}

/** The storage option that keeps suspended runs in the session's save instead of a database. */
export const IN_SAVE = { kind: 'in-save' } as const;

export function isInSave(option: unknown): boolean {
  return typeof option === 'object' && option !== null && (option as { kind?: unknown }).kind === IN_SAVE.kind;
}

interface StoredRun {
  readonly workflowName: string;
  readonly runId: string;
  readonly resourceId?: string;
  readonly snapshot: unknown;
}

interface WorkflowsDomain {
  listWorkflowRuns(args: { perPage: false }): Promise<{ runs: StoredRun[] }>;
  persistWorkflowSnapshot(args: { workflowName: string; runId: string; resourceId?: string; snapshot: never }): Promise<void>;
  getWorkflowRunById(args: { runId: string }): Promise<{ readonly workflowName: string } | null>;
  deleteWorkflowRunById(args: { runId: string; workflowName: string }): Promise<void>;
}

async function workflows(mastra: Mastra): Promise<WorkflowsDomain | undefined> {
  return (await mastra.getStorage()?.getStore('workflows')) as WorkflowsDomain | undefined;
}

/**
 * What the storage holds of a run (its snapshots, as JSON), to put in a save: every workflow under that run id —
 * an agent stopped at a tool keeps two (`agentic-loop` and its execution workflow). The store is this app's
 * in-memory one, so listing its runs is cheap.
 */
export async function exportRuns(mastra: Mastra, runId: string): Promise<SavedRun[]> {
  const { runs } = (await (await workflows(mastra))?.listWorkflowRuns({ perPage: false })) ?? { runs: [] };
  return runs.filter((run) => run.runId === runId).map((run) => {
    const snapshot: unknown = typeof run.snapshot === 'string' ? JSON.parse(run.snapshot) : run.snapshot;
    return JSON.parse(JSON.stringify({ workflowName: run.workflowName, runId: run.runId, ...(run.resourceId ? { resourceId: run.resourceId } : {}), snapshot })) as SavedRun;
  });
}

/** Put runs of a save back into the storage, so Mastra resumes them as if it had suspended them here. */
export async function importRuns(mastra: Mastra, runs: readonly SavedRun[] | undefined): Promise<void> {
  const store = runs && runs.length > 0 ? await workflows(mastra) : undefined;
  for (const run of runs ?? []) {
    await store?.persistWorkflowSnapshot({ workflowName: run.workflowName, runId: run.runId, ...(run.resourceId ? { resourceId: run.resourceId } : {}), snapshot: run.snapshot as never });
  }
}

/** Runs of one workflow run id a store may hold: the workflow's, and those of workflows it ran inside (more are not looked for). */
const MAX_RUNS_PER_ID = 16;

/** Delete what the storage holds under a run id (a finished session's workflow run, and any nested workflow's under the same id). */
export async function deleteRuns(mastra: Mastra, runId: string): Promise<void> {
  const store = await workflows(mastra);
  for (let n = 0; store && n < MAX_RUNS_PER_ID; n++) {
    const run = await store.getWorkflowRunById({ runId });
    if (!run) return;
    await store.deleteWorkflowRunById({ runId, workflowName: run.workflowName });
  }
}
