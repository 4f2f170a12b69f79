import { eventStream, RuntimeError, type Decision, type Message, type RunStatus, type RuntimeEvent, type SavedSession, type Session, type ToolResult } from '@agentspec/runtime';
import { EventSink } from '../events.js';
import { Queues, type SavedQueues } from './queues.js';

/** What every saved Mastra session holds besides its own state. */
export interface SavedBase extends SavedSession {
  readonly component: string;
  readonly kind: 'agent' | 'flow';
  readonly inputs: Record<string, unknown>;
  readonly queues: SavedQueues;
  readonly status?: RunStatus;
}

/** The Session contract (DESIGN §4.1) around one `advance()`: queues, run guards, events as a stream. */
export abstract class BaseSession implements Session {
  messages: readonly Message[] = [];
  protected last: RunStatus | undefined;
  protected readonly queues: Queues;
  private running = false;

  constructor(saved?: SavedBase) {
    this.queues = new Queues(saved?.queues);
    this.last = saved?.status;
    this.messages = saved?.status?.messages ?? [];
  }

  appendUserMessage(text: string): void {
    this.queues.addUser(text);
  }

  appendToolResults(results: readonly ToolResult[]): void {
    this.queues.addResults(results, this.last);
  }

  decide(id: string, decision: Decision, reason?: string): void {
    this.queues.addDecision(id, decision, reason, this.last);
  }

  run(): Promise<RunStatus> {
    return this.execute(undefined);
  }

  stream(): AsyncIterable<RuntimeEvent> {
    return eventStream((emit) => this.execute(new EventSink(emit)));
  }

  /** Runs until the session needs the caller; the status it ends on. */
  protected abstract advance(events: EventSink | undefined): Promise<RunStatus>;

  abstract save(): Promise<SavedSession>;

  protected assertIdle(): void {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'cannot save while running');
  }

  private async execute(events: EventSink | undefined): Promise<RunStatus> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'the session is already running');
    if (this.last?.type === 'finished') throw new RuntimeError('AS_INVALID_STATE', 'the session has finished; start a new one');
    this.running = true;
    try {
      const status = await this.advance(events);
      this.last = status;
      this.messages = status.messages;
      return status;
    } finally {
      this.running = false;
    }
  }
}
