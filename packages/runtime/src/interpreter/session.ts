import { runRoot } from './root.js';
import type { Message, RunStatus } from '../contract.js';
import type { EngineRun, SessionEngine } from '../session/kernel-session.js';
import { Execution, type Services } from './execution.js';
import { Pause, type Journal, type JournalEntry } from './journal.js';
import { streaming } from './llm-call.js';
import { newSpanSeed, sessionSpanIds } from '../trace/session-span-ids.js';

/** The reference interpreter's own state in a saved session: its journal. */
export interface ReferenceState {
  readonly journal: readonly [string, JournalEntry][];
  /** The session's span-id seed ({@link sessionSpanIds}), so that a resumed session's spans keep their ids (absent in saves of older versions). */
  readonly spans?: string;
}

/** The reference interpreter under the session kernel: every run replays its journal, then goes on live. */
export class ReferenceEngine implements SessionEngine {
  messages: readonly Message[];
  private readonly journal: Journal;
  private readonly spans: string;
  private readonly spanIds: (key: string) => string;

  constructor(
    private readonly services: Services,
    private readonly inputs: Readonly<Record<string, unknown>>,
    saved?: { readonly state: ReferenceState; readonly messages: readonly Message[] },
  ) {
    this.journal = new Map(saved?.state.journal ?? []);
    this.spans = typeof saved?.state.spans === 'string' ? saved.state.spans : newSpanSeed();
    this.spanIds = sessionSpanIds(this.spans);
    this.messages = saved?.messages ?? [];
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    const exec = new Execution(this.services, this.journal, run.inbox, run.emit, this.spanIds);
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
    return { journal: [...this.journal.entries()], spans: this.spans };
  }
}
