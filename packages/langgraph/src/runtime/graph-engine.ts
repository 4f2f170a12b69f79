import { Command, type BaseCheckpointSaver, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Component, Flow } from '@agentspec/core';
import { CRASHED, type EngineRun, type Message, type RunStatus, type RuntimeEvent, type SessionEngine } from '@agentspec/runtime';
import { CHANNELS } from '../constants.js';
import { EVENTS_KEY } from '../compile/events.js';
import type { LangGraph } from '../compile/graph-types.js';
import { runsNoSubgraph } from '../compile/flow/subgraphs.js';
import { userMessage } from '../compile/messages.js';
import type { CheckpointerDescription } from './checkpointers.js';
import { toRunError } from './run-error.js';
import { endStatusOf, statusOf, takesTurns, type PendingInterrupt } from './status.js';

/** Where a session is: not run yet, waiting on an interrupt, failed (the next run retries), finished. */
export type Phase = 'new' | 'paused' | 'failed' | 'finished';

/** LangGraph's own state in a saved session: its thread id and checkpointer; the graph's state is in the checkpointer. */
export interface GraphEngineState {
  readonly threadId: string;
  readonly checkpointer: CheckpointerDescription;
  readonly phase: Phase;
  /** User messages given before the first run, kept until the first checkpoint holds them. */
  readonly opening: readonly string[];
  readonly pending?: PendingInterrupt;
  readonly messages: readonly Message[];
}

export interface AppServices {
  readonly component: Component;
  readonly graph: LangGraph;
  readonly checkpointer: CheckpointerDescription;
  /** The saver the graph checkpoints into (a finished session's thread is deleted from it when released). */
  readonly saver: BaseCheckpointSaver;
  readonly signal?: AbortSignal;
  /**
   * The graph is `compileLangGraph`'s graph of an Agent: no subgraphs, and its output is the agent's state at its end
   * (outputs and conversation) — a run that ends without an interrupt finishes with it, the thread's state not read again.
   */
  readonly agentGraph?: boolean;
  /**
   * The graph runs no subgraph (an Agent's, or a Flow's whose nodes invoke none: see `flatFlow`), so that a thread
   * in the in-memory checkpointer is checkpointed once, when a run exits — on an interrupt and a failure too, with
   * the writes of the tasks that ended — not at every step (LangGraph's durability 'exit'). Such a thread does not
   * outlive the process; a checkpoint per step costs a version per channel, so a step of a flow of n nodes O(n).
   */
  readonly exitDurability?: boolean;
}

/**
 * Whether every node of `flow` is of a kind that invokes no subgraph (runsNoSubgraph: a FlowNode, MapNode, AgentNode,
 * CatchExceptionNode or fan-out does, and a kind the compiler does not map counts as one that does), so that it can
 * pause only at the top level of its graph.
 */
export function flatFlow(flow: Flow): boolean {
  return flow.nodes.every(runsNoSubgraph);
}

/** A compiled graph under the session kernel of @agentspec/runtime: one LangGraph thread, resumed through interrupts. */
export class GraphEngine implements SessionEngine {
  messages: readonly Message[];
  private phase: Phase;
  private pending: PendingInterrupt | undefined;
  private opening: string[];

  constructor(private readonly app: AppServices, readonly threadId: string, private readonly inputs: Readonly<Record<string, unknown>>, saved?: GraphEngineState) {
    this.phase = saved?.phase ?? 'new';
    this.pending = saved?.pending;
    this.opening = [...(saved?.opening ?? [])];
    this.messages = saved?.messages ?? [];
  }

  private config(events: boolean, conversation?: string): LangGraphRunnableConfig {
    return {
      configurable: { thread_id: this.threadId, ...(conversation !== undefined ? { agentspec_conversation: conversation } : {}), ...(events ? { [EVENTS_KEY]: true } : {}) },
      ...(this.app.signal ? { signal: this.app.signal } : {}),
      // a thread in memory does not outlive the process: checkpointed once, when the run exits (exitDurability). (Not
      // a graph with subgraphs: a subgraph resumed inside a MapNode iteration would start its iteration again.)
      ...(this.app.exitDurability && this.app.checkpointer.kind === 'memory' ? { durability: 'exit' as const } : {}),
    };
  }

  /** What the next run sends the graph; undefined when it waits for answers the caller has not given. */
  private async nextInput(run: EngineRun, config: LangGraphRunnableConfig): Promise<{ value: unknown } | undefined> {
    if (run.failed === CRASHED) await this.afterCrash(config);
    const { inbox, last } = run;
    if (this.phase === 'paused' && this.pending) {
      const answer = this.pending.type === 'user_input' ? (inbox.user.length > 0 ? inbox.takeUser() : undefined) : inbox.takeAll(last);
      return answer === undefined ? undefined : { value: new Command({ resume: { [this.pending.id]: answer } }) };
    }
    if (this.phase === 'paused' && takesTurns(this.app.component)) {
      // a Swarm's or ManagerWorkers' next turn: a run of its graph on the user's messages (it starts at the active agent)
      return inbox.user.length > 0 ? { value: { [CHANNELS.messages]: inbox.takeUser().map(userMessage) } } : undefined;
    }
    if (this.phase === 'failed' && (await this.app.graph.getState(config)).createdAt !== undefined) {
      // An agent whose LLM answer was refused asks again: with the messages the user gave since, when there are any.
      if (run.failed === 'AS_TOOL_CALL_INVALID' && this.app.component.component_type === 'Agent' && inbox.user.length > 0) {
        await this.app.graph.updateState(config, { [CHANNELS.messages]: inbox.takeUser().map(userMessage), [CHANNELS.turns]: 0 });
      }
      return { value: null };
    }
    if (this.phase === 'new') this.opening.push(...inbox.takeUser());
    return { value: { ...this.inputs, [CHANNELS.messages]: this.opening.map(userMessage) } };
  }

  /**
   * The process of the last run died: the checkpointer may hold steps it made after this state was saved. A thread
   * that went past the interrupt this state waits on (or that started) goes on from its last checkpoint.
   */
  private async afterCrash(config: LangGraphRunnableConfig): Promise<void> {
    const snapshot = await this.app.graph.getState(config);
    if (snapshot.createdAt === undefined) return;
    const waiting = snapshot.tasks.flatMap((t) => t.interrupts ?? []).some((i) => i.id === this.pending?.id);
    if (this.phase === 'new' || (this.phase === 'paused' && !waiting)) this.phase = 'failed';
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    const { emit } = run;
    const config = this.config(emit !== undefined, run.conversationId);
    const input = await this.nextInput(run, config);
    if (!input) return run.last as RunStatus;
    let ended: { stoppedOn: ReadonlySet<string>; output?: unknown };
    try {
      ended = await this.invoke(input.value, config, emit);
    } catch (e) {
      if (this.phase === 'new' || this.phase === 'paused') this.phase = 'failed';
      throw toRunError(e, this.app.signal);
    }
    const { stoppedOn, output } = ended;
    const { status, pending } = this.app.agentGraph && stoppedOn.size === 0 && typeof output === 'object' && output !== null
      ? { status: endStatusOf(output as Record<string, unknown>, this.app.component), pending: undefined }
      : statusOf(await this.app.graph.getState(config), this.app.component, stoppedOn);
    this.opening = [];
    this.pending = pending;
    this.phase = status.type === 'finished' ? 'finished' : 'paused';
    this.messages = status.messages;
    return status;
  }

  /**
   * Run the graph; the ids of the interrupts it stopped on. (The thread's
   * state may show more: while a step is not over, an interrupt of one of its
   * tasks that was answered stays in the checkpoint next to the ones still
   * waiting — several tasks of a fan-out may wait at once.)
   */
  private async invoke(value: unknown, config: LangGraphRunnableConfig, emit: ((e: RuntimeEvent) => void) | undefined): Promise<{ stoppedOn: ReadonlySet<string>; output?: unknown }> {
    const stoppedOn = new Set<string>();
    const interrupted = (update: unknown) => {
      for (const i of ((update as { __interrupt__?: unknown } | undefined)?.__interrupt__ as { id?: string }[] | undefined) ?? []) if (i.id) stoppedOn.add(i.id);
    };
    if (!emit) {
      const output: unknown = await this.app.graph.invoke(value as never, config);
      interrupted(output);
      return { stoppedOn, output };
    }
    for await (const chunk of await this.app.graph.stream(value as never, { ...config, streamMode: ['custom', 'updates'], subgraphs: true })) {
      const [namespace, mode, payload] = chunk as unknown as [string[], string, unknown];
      if (mode === 'updates') {
        if (namespace.length === 0) interrupted(payload);
        continue;
      }
      const event = payload as RuntimeEvent;
      if (event && typeof event === 'object' && 'type' in event) emit(event);
    }
    return { stoppedOn };
  }

  /** The session finished and the app's retention let it go: delete its thread from the checkpointer. */
  async release(): Promise<void> {
    const { saver } = this.app;
    // a saver given as an object may only look like a BaseCheckpointSaver: one without deleteThread keeps its threads
    if (typeof saver.deleteThread === 'function') await saver.deleteThread(this.threadId);
  }

  state(): GraphEngineState {
    return {
      threadId: this.threadId,
      checkpointer: this.app.checkpointer,
      phase: this.phase,
      opening: [...this.opening],
      messages: this.messages,
      ...(this.pending ? { pending: this.pending } : {}),
    };
  }
}
