import { runRoot } from './root.js';
import type { Message, RunStatus } from '../contract.js';
import type { EngineRun, SessionEngine } from '../session/kernel-session.js';
import { Execution, type Services } from './execution.js';
import { Pause, type Journal, type JournalEntry } from './journal.js';
import { streaming } from './llm-call.js';

/** The reference interpreter's own state in a saved session: its journal. */
export interface ReferenceState {
  readonly journal: readonly [string, JournalEntry][];
}

/** The reference interpreter under the session kernel: every run replays its journal, then goes on live. */
export class ReferenceEngine implements SessionEngine {
  messages: readonly Message[];
  private readonly journal: Journal;

  constructor(
    private readonly services: Services,
    private readonly inputs: Readonly<Record<string, unknown>>,
    saved?: { readonly state: ReferenceState; readonly messages: readonly Message[] },
  ) {
    this.journal = new Map(saved?.state.journal ?? []);
    this.messages = saved?.messages ?? [];
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    // span ids are only read by trace events: a run nobody follows skips hashing them (the position stands in)
    const exec = new Execution(this.services, this.journal, run.inbox, run.emit, run.spans.traced ? (position) => run.spans.id(position) : (position) => position, run.conversationId);
    if (run.emit) streaming.add(exec);
    try {
      const result = await runRoot(exec, this.inputs);
      return { type: 'finished', outputs: result.outputs, ...(result.branch ? { branch: result.branch } : {}), messages: [...exec.messages] };
    } catch (e) {
      if (!(e instanceof Pause)) throw e;
      return { ...e.status, messages: [...exec.messages] } as RunStatus;
    } finally {
      this.messages = [...exec.messages];
    }
  }

  state(): ReferenceState {
    return { journal: [...this.journal.entries()] };
  }
}
