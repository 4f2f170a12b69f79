import type { Agent as SpecAgent, Tool } from '@agentspec/core';
import { RunState, type AgentInputItem, type ModelInputData, type RunResult, type Runner, type StreamedRunResult } from '@openai/agents';
import { RuntimeError, shapeOutputs, type Decision, type Message, type RunStatus, type RuntimeEvent, type SavedSession, type Session, type ToolResult } from '@agentspec/runtime';
import type { CompiledAgent } from '../compile/compile-agent.js';
import { runData } from '../compile/run-data.js';
import { toRuntimeError } from '../model/sdk-errors.js';
import { OPENAI_AGENTS_RUNTIME_NAME, SAVE_FORMAT } from '../names.js';
import { AgentEvents } from './agent-events.js';
import { withAgentSpecCode } from './coded-errors.js';
import { eventStream } from './event-stream.js';
import { pendingCalls, PendingAnswers } from './pending-calls.js';
import type { SavedAgentSession } from './saved-agent.js';
import { toMessages } from './to-messages.js';

/** What the sessions of one loaded agent share. */
export interface AgentServices {
  readonly spec: SpecAgent;
  readonly runner: Runner;
  /** The SDK agent for a session's inputs (its instructions are rendered from them), and the `maxTurns` of its runs. */
  readonly compile: (inputs: Readonly<Record<string, unknown>>) => Promise<SessionAgent>;
  readonly native: boolean;
  readonly signal?: AbortSignal;
}

/** What a session runs: the agent and its run options. */
export interface SessionAgent {
  readonly agent: CompiledAgent;
  readonly runOptions: { readonly maxTurns: number };
}

type SdkResult = RunResult<unknown, CompiledAgent> | StreamedRunResult<unknown, CompiledAgent>;

/**
 * A session of an Agent run natively by the Agents SDK (DESIGN §4.1): each
 * user turn is an SDK run over the conversation so far (AgentInputItem[]);
 * ClientTool calls and calls needing confirmation interrupt it, and the run
 * resumes from its RunState once they are answered; `save()` writes the
 * conversation and `RunState.toString()`.
 */
export class AgentSession implements Session {
  messages: readonly Message[] = [];
  #agent: SessionAgent | undefined;
  #history: AgentInputItem[] = [];
  #pendingUser: string[] = [];
  #paused: PendingAnswers | undefined;
  /** What the SDK last sent the model in the current run: the conversation with every tool result known so far. */
  #asked: AgentInputItem[] | undefined;
  #last: RunStatus | undefined;
  #running = false;
  readonly #tools: ReadonlyMap<string, Tool>;

  constructor(
    private readonly services: AgentServices,
    private readonly inputs: Readonly<Record<string, unknown>>,
  ) {
    this.#tools = new Map(services.spec.tools.map((t) => [t.name, t]));
  }

  /** A session from a save: the conversation, the queued messages and the paused RunState. */
  static async restore(services: AgentServices, saved: SavedAgentSession): Promise<AgentSession> {
    const session = new AgentSession(services, saved.inputs);
    session.#history = structuredClone([...saved.history]);
    session.#pendingUser = [...saved.pendingUser];
    session.#last = saved.status ?? undefined;
    session.messages = saved.status?.messages ?? [];
    if (saved.paused) {
      const state = await RunState.fromString((await session.#compiled()).agent, saved.paused.state);
      session.#paused = new PendingAnswers(state, pendingCalls(state.getInterruptions(), session.#tools), new Set(saved.paused.settled), new Set(saved.paused.confirmed));
    }
    return session;
  }

  async #compiled(): Promise<SessionAgent> {
    return (this.#agent ??= await this.services.compile(this.inputs));
  }

  appendUserMessage(text: string): void {
    if (typeof text !== 'string') throw new RuntimeError('AS_INVALID_STATE', 'a user message must be a string');
    this.#pendingUser.push(text);
  }

  appendToolResults(results: readonly ToolResult[]): void {
    const paused = this.#pausedAt('tool_request');
    for (const r of results) paused.answer(r.id, r.content);
  }

  decide(id: string, decision: Decision, reason?: string): void {
    if (decision !== 'approve' && decision !== 'reject') throw new RuntimeError('AS_INVALID_STATE', `a decision is 'approve' or 'reject', not '${String(decision)}'`);
    this.#pausedAt('tool_confirmation').decide(id, decision, reason);
  }

  #pausedAt(type: 'tool_request' | 'tool_confirmation'): PendingAnswers {
    if (this.#running || !this.#paused || this.#last?.type !== type) {
      throw new RuntimeError('AS_INVALID_STATE', `the session is not waiting for ${type === 'tool_request' ? 'tool results' : 'decisions'} (status: ${this.#last?.type ?? 'not started'})`);
    }
    return this.#paused;
  }

  run(): Promise<RunStatus> {
    return this.#execute(undefined);
  }

  stream(): AsyncIterable<RuntimeEvent> {
    return eventStream((emit) => this.#execute(emit));
  }

  async #execute(emit: ((e: RuntimeEvent) => void) | undefined): Promise<RunStatus> {
    if (this.#running) throw new RuntimeError('AS_INVALID_STATE', 'the session is already running');
    if (this.#last?.type === 'finished') throw new RuntimeError('AS_INVALID_STATE', 'the session has finished; start a new one');
    this.#running = true;
    const events = emit ? new AgentEvents(emit, this.services.spec) : undefined;
    const before = this.messages.length;
    try {
      events?.start(this.inputs);
      const status = await this.#loop(events);
      this.#last = status;
      this.messages = status.messages;
      events?.messages(status.messages.slice(before));
      if (status.type === 'finished') events?.end(status.outputs);
      return status;
    } catch (e) {
      const site = { agent: this.services.spec.id };
      const error = toRuntimeError(withAgentSpecCode(e, site), site, this.services.signal);
      events?.error(error);
      throw error;
    } finally {
      this.#running = false;
    }
  }

  /** SDK runs until the agent finishes or waits for the caller. */
  async #loop(events: AgentEvents | undefined): Promise<RunStatus> {
    const { agent, runOptions } = await this.#compiled();
    for (;;) {
      const paused = this.#paused;
      if (paused) {
        const waiting = paused.waiting();
        if (waiting) return { ...waiting, messages: this.messages };
      }
      const given = paused ? 0 : this.#pendingUser.length; // messages appended during the run wait for the next one
      // waiting for the user and nothing new (a run right after a resume): the same status, no LLM call re-running the last turn
      if (!paused && given === 0 && this.#last?.type === 'user_input') return this.#last;
      const input: AgentInputItem[] | RunState<unknown, CompiledAgent> = paused
        ? (paused.state as RunState<unknown, CompiledAgent>)
        : [...this.#history, ...this.#pendingUser.map((text): AgentInputItem => ({ role: 'user', content: text }))];
      const snapshot = paused ? (paused.state as RunState<unknown, CompiledAgent>).toString() : undefined;
      let result: SdkResult;
      this.#asked = undefined;
      try {
        result = await this.#runOnce(agent, runOptions.maxTurns, input, events);
      } catch (e) {
        const asked = this.#asked as AgentInputItem[] | undefined;
        if (asked) {
          // The run failed at or after an LLM request: go on from what that request held — the tools that had run, with
          // their results — so running again never executes them a second time (the SDK keeps no state on such errors).
          this.#history = asked;
          this.#paused = undefined;
          this.#pendingUser.splice(0, given);
        } else if (snapshot !== undefined && paused) {
          // the SDK may have advanced the state before failing: retry from where the run was paused
          this.#paused = new PendingAnswers(await RunState.fromString(agent, snapshot), paused.calls, paused.settled, paused.confirmed);
        }
        throw e;
      }
      this.#pendingUser.splice(0, given);
      const items = [...(Array.isArray(result.input) ? result.input : []), ...result.newItems.filter((i) => i.type !== 'tool_approval_item').map((i) => i.rawItem)];
      this.messages = toMessages(items, this.services.spec.name);
      if (result.interruptions.length > 0) {
        this.#paused = new PendingAnswers(result.state, pendingCalls(result.interruptions, this.#tools));
        continue;
      }
      this.#paused = undefined;
      this.#history = result.history;
      const finished = this.#outputs(result);
      if (finished) return { type: 'finished', outputs: finished, messages: this.messages };
      if (this.services.spec.human_in_the_loop === false) {
        throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: this.services.spec.id });
      }
      if (this.#pendingUser.length === 0) return { type: 'user_input', messages: this.messages };
    }
  }

  #outputs(result: SdkResult): Record<string, unknown> | undefined {
    const submitted = runData(result.runContext).submitted;
    if (submitted) return submitted;
    const output: unknown = result.finalOutput;
    if (this.services.native && typeof output === 'object' && output !== null) return shapeOutputs(this.services.spec.outputs, output as Record<string, unknown>);
    return undefined;
  }

  async #runOnce(agent: CompiledAgent, maxTurns: number, input: AgentInputItem[] | RunState<unknown, CompiledAgent>, events: AgentEvents | undefined): Promise<SdkResult> {
    const { runner, signal } = this.services;
    // the input of each LLM request, kept: what a failed run goes on from
    const callModelInputFilter = ({ modelData }: { modelData: ModelInputData }): ModelInputData => {
      this.#asked = structuredClone(modelData.input);
      return modelData;
    };
    const options = { maxTurns, callModelInputFilter, ...(signal ? { signal } : {}), ...(Array.isArray(input) ? { context: {} } : {}) };
    if (!events) return runner.run(agent, input, options);
    const streamed = await runner.run(agent, input, { ...options, stream: true });
    for await (const event of streamed) events.sdk(event);
    await streamed.completed;
    if (streamed.error) throw streamed.error;
    return streamed;
  }

  async save(): Promise<SavedSession> {
    if (this.#running) throw new RuntimeError('AS_INVALID_STATE', 'cannot save while running');
    const paused = this.#paused;
    const saved: SavedAgentSession = {
      runtime: OPENAI_AGENTS_RUNTIME_NAME,
      format: SAVE_FORMAT,
      kind: 'agent',
      component: this.services.spec.id,
      inputs: this.inputs,
      history: this.#history,
      pendingUser: this.#pendingUser,
      paused: paused ? { state: (paused.state as RunState<unknown, CompiledAgent>).toString(), settled: [...paused.settled], confirmed: [...paused.confirmed] } : null,
      status: this.#last ?? null,
    };
    return JSON.parse(JSON.stringify(saved)) as SavedSession;
  }
}
