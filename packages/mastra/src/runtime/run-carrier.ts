import type { Message, RunStatus } from '@agentspec/runtime';
import type { Mastra } from '@mastra/core';
import { deleteRuns, exportRuns, importRuns, type SavedRun } from './saved-runs.js';

/**
 * The suspended Mastra runs a session refers to, carried in its saved state
 * when the storage is `{ kind: 'in-save' }` (then a save resumes in any
 * process with no database); with any other storage Mastra keeps them and
 * this carries nothing.
 */
export class RunCarrier {
  private runs: SavedRun[] = [];

  constructor(private readonly mastra: Mastra, private readonly inSave: boolean) {}

  /** Put the runs of a saved state back into Mastra's storage. */
  async restore(state: unknown): Promise<void> {
    if (!this.inSave) return;
    this.runs = [...((state as { runs?: SavedRun[] } | undefined)?.runs ?? [])];
    await importRuns(this.mastra, this.runs);
  }

  /** Read again what Mastra's storage holds of these runs (after a run). */
  async refresh(...runIds: (string | undefined)[]): Promise<void> {
    if (!this.inSave) return;
    const ids = runIds.filter((id): id is string => typeof id === 'string' && id !== '');
    this.runs = (await Promise.all(ids.map((id) => exportRuns(this.mastra, id)))).flat();
  }

  /** Run an engine's step, then read its runs again (after a failure too); the status's messages become the engine's. */
  async around(engine: { messages: readonly Message[] }, step: () => Promise<RunStatus>, runId: () => string | undefined): Promise<RunStatus> {
    try {
      const status = await step();
      engine.messages = status.messages;
      return status;
    } finally {
      await this.refresh(runId());
    }
  }

  /** A finished session is let go: delete its runs from Mastra's storage, and carry none in its saves. */
  async release(...runIds: (string | undefined)[]): Promise<void> {
    this.runs = [];
    for (const id of runIds) if (typeof id === 'string' && id !== '') await deleteRuns(this.mastra, id);
  }

  /** What a saved state carries. */
  saved(): { readonly runs?: readonly SavedRun[] } {
    return this.inSave ? { runs: this.runs } : {};
  }
}
