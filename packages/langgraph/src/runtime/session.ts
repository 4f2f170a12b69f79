import { Command, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Component } from '@agentspec/core';
import { RuntimeError, type Decision, type Message, type RunStatus, type RuntimeEvent, type SavedSession, type Session, type ToolResult } from '@agentspec/runtime';
import { CHANNELS, LANGGRAPH_RUNTIME_NAME } from '../constants.js';
import { EVENTS_KEY } from '../compile/events.js';
import type { LangGraph } from '../compile/graph-types.js';
import { userMessage } from '../compile/messages.js';
import type { CheckpointerDescription } from './checkpointers.js';
import { toRunError } from './run-error.js';
import { SessionQueues, type SavedQueues } from './session-queues.js';
import { statusOf, type PendingInterrupt } from './status.js';
import { streamRun } from './stream-run.js';

export const SAVE_FORMAT = 1;

/** Where a session is: not run yet, waiting on an interrupt, failed (the next run retries), finished. */
export type Phase = 'new' | 'paused' | 'failed' | 'finished';

/** The JSON a langgraph session saves: its thread id and checkpointer; the state itself is in the checkpointer. */
export interface SavedLangGraph extends SavedSession {
  readonly runtime: typeof LANGGRAPH_RUNTIME_NAME;
  readonly component: string;
  readonly threadId: string;
  readonly checkpointer: CheckpointerDescription;
  readonly inputs: Record<string, unknown>;
  readonly phase: Phase;
  /** User messages given before the first run, kept until the first checkpoint holds them. */
  readonly opening: readonly string[];
  readonly queues: SavedQueues;
  readonly status?: RunStatus;
  readonly pending?: PendingInterrupt;
  /** The last run failed on an LLM answer that was refused (an invalid tool call): messages given since join before the LLM is asked again. */
  readonly refused?: boolean;
}

export interface AppServices {
  readonly component: Component;
  readonly graph: LangGraph;
  readonly checkpointer: CheckpointerDescription;
  readonly signal?: AbortSignal;
}

/** A session over a compiled graph: one LangGraph thread, resumed through interrupts. */
export class LangGraphSession implements Session {
  messages: readonly Message[] = [];
  private phase: Phase;
  private last: RunStatus | undefined;
  private pending: PendingInterrupt | undefined;
  private opening: string[];
  private refused: boolean;
  private running = false;
  private readonly queues: SessionQueues;

  constructor(private readonly app: AppServices, readonly threadId: string, private readonly inputs: Readonly<Record<string, unknown>>, saved?: SavedLangGraph) {
    this.queues = new SessionQueues(saved?.queues);
    this.phase = saved?.phase ?? 'new';
    this.last = saved?.status;
    this.pending = saved?.pending;
    this.opening = [...(saved?.opening ?? [])];
    this.refused = saved?.refused === true;
    this.messages = saved?.status?.messages ?? [];
  }

  appendUserMessage(text: string): void {
    this.queues.addUser(text);
  }

  appendToolResults(results: readonly ToolResult[]): void {
    this.queues.addToolResults(this.last, results);
  }

  decide(id: string, decision: Decision, reason?: string): void {
    this.queues.addDecision(this.last, id, decision, reason);
  }

  run(): Promise<RunStatus> {
    return this.execute(undefined);
  }

  stream(): AsyncIterable<RuntimeEvent> {
    return streamRun((emit) => this.execute(emit));
  }

  private config(events: boolean): LangGraphRunnableConfig {
    return { configurable: { thread_id: this.threadId, ...(events ? { [EVENTS_KEY]: true } : {}) }, ...(this.app.signal ? { signal: this.app.signal } : {}) };
  }

  /** What the next run sends the graph; undefined when it waits for answers the caller has not given. */
  private async nextInput(config: LangGraphRunnableConfig): Promise<{ value: unknown } | undefined> {
    if (this.phase === 'paused' && this.pending) {
      const answer = this.queues.take(this.pending, this.last);
      return answer === undefined ? undefined : { value: new Command({ resume: { [this.pending.id]: answer } }) };
    }
    if (this.phase === 'failed' && (await this.app.graph.getState(config)).createdAt !== undefined) {
      // An agent whose LLM answer was refused asks again: with the messages the user gave since, when there are any.
      if (this.refused && this.app.component.component_type === 'Agent' && this.queues.user.length > 0) {
        await this.app.graph.updateState(config, { [CHANNELS.messages]: this.queues.user.splice(0, this.queues.user.length).map(userMessage), [CHANNELS.turns]: 0 });
      }
      return { value: null };
    }
    if (this.phase === 'new') this.opening.push(...this.queues.user.splice(0, this.queues.user.length));
    return { value: { ...this.inputs, [CHANNELS.messages]: this.opening.map(userMessage) } };
  }

  private async execute(emit: ((e: RuntimeEvent) => void) | undefined): Promise<RunStatus> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'the session is already running');
    if (this.phase === 'finished') throw new RuntimeError('AS_INVALID_STATE', 'the session has finished; start a new one');
    this.running = true;
    try {
      const config = this.config(emit !== undefined);
      const input = await this.nextInput(config);
      if (!input) return this.last as RunStatus;
      try {
        if (emit) {
          for await (const chunk of await this.app.graph.stream(input.value as never, { ...config, streamMode: 'custom', subgraphs: true })) {
            const event = (Array.isArray(chunk) ? chunk[1] : chunk) as RuntimeEvent;
            if (event && typeof event === 'object' && 'type' in event) emit(event);
          }
        } else {
          await this.app.graph.invoke(input.value as never, config);
        }
      } catch (e) {
        if (this.phase === 'new') this.phase = 'failed';
        else if (this.phase === 'paused') this.phase = 'failed';
        const error = toRunError(e, this.app.signal);
        this.refused = (error as { code?: unknown }).code === 'AS_TOOL_CALL_INVALID';
        throw error;
      }
      this.refused = false;
      const { status, pending } = statusOf(await this.app.graph.getState(config), this.app.component);
      this.opening = [];
      this.last = status;
      this.pending = pending;
      this.phase = status.type === 'finished' ? 'finished' : 'paused';
      this.messages = status.messages;
      return status;
    } finally {
      this.running = false;
    }
  }

  async save(): Promise<SavedSession> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'cannot save while running');
    const saved: SavedLangGraph = {
      runtime: LANGGRAPH_RUNTIME_NAME,
      format: SAVE_FORMAT,
      component: this.app.component.id,
      threadId: this.threadId,
      checkpointer: this.app.checkpointer,
      inputs: structuredClone(this.inputs) as Record<string, unknown>,
      phase: this.phase,
      opening: [...this.opening],
      queues: this.queues.save(),
      ...(this.last ? { status: this.last } : {}),
      ...(this.pending ? { pending: this.pending } : {}),
      ...(this.refused ? { refused: true } : {}),
    };
    return JSON.parse(JSON.stringify(saved)) as SavedSession;
  }
}
