import { laterComponent, type Agent as SpecAgent, type Tool } from '@agentspec/core';
import {
  RunState, type AgentInputItem, type CallModelInputFilter, type CallModelInputFilterArgs, type ModelInputData, type RunResult, type Runner, type StreamedRunResult,
} from '@openai/agents';
import {
  backendTransformCall, llmMessages, RuntimeError, shapeOutputs, type AgentTransforms, type EngineRun, type LlmBackend, type LlmMessage, type Message, type RunStatus, type SessionEngine,
} from '@agentspec/runtime';
import { inputItems } from '../backend/model-request.js';
import type { CompiledAgent } from '../compile/compile-agent.js';
import { runData } from '../compile/run-data.js';
import { toRuntimeError } from '../model/sdk-errors.js';
import { AgentEvents } from './agent-events.js';
import { withAgentSpecCode } from './coded-errors.js';
import { pendingCalls, PendingAnswers } from './pending-calls.js';
import { toMessages } from './to-messages.js';
import type { TransformHooks } from '../types.js';

/** What the sessions of one loaded agent share. */
export interface AgentServices {
  readonly spec: SpecAgent;
  readonly runner: Runner;
  /** The SDK agent for a session's inputs (its instructions are rendered from them), and the `maxTurns` of its runs. */
  readonly compile: (inputs: Readonly<Record<string, unknown>>, transformHooks?: TransformHooks) => Promise<SessionAgent>;
  /** Close what `compile` made for a session that finished (what the `build` option built for it). */
  readonly release: (agent: SessionAgent) => Promise<void>;
  readonly native: boolean;
  readonly signal?: AbortSignal;
  /** The agent's message transforms (when it has any), and the backend making their summarization calls. */
  readonly transforms?: AgentTransforms;
  readonly summarizer?: LlmBackend;
}

/** What a session runs: the agent and its run options. */
export interface SessionAgent {
  readonly agent: CompiledAgent;
  /** A `callModelInputFilter`: the agent applies its message transforms itself (a module of the `build` option). */
  readonly runOptions: { readonly maxTurns: number; readonly callModelInputFilter?: CallModelInputFilter };
}

/** The Agents SDK's own state in a saved session. */
export interface AgentEngineState {
  /** The conversation items of the last completed SDK run. */
  readonly history: readonly AgentInputItem[];
  /** A run paused at interruptions: `RunState.toString()` and the answers applied to it. */
  readonly paused: { readonly state: string; readonly settled: readonly string[]; readonly confirmed: readonly string[] } | null;
  readonly messages: readonly Message[];
  /** LLM requests answered in the session's streamed runs (the position of the next LLM span); absent in older saves. */
  readonly llmAnswered?: number;
  /** After a failed run: how many of the inbox's user messages the next run asks again with; absent otherwise (and in older saves). */
  readonly failedGiven?: number;
}

type SdkResult = RunResult<unknown, CompiledAgent> | StreamedRunResult<unknown, CompiledAgent>;

/**
 * An Agent run natively by the Agents SDK (DESIGN §4.1), under the session
 * kernel of @agentspec/runtime: each user turn is an SDK run over the
 * conversation so far (AgentInputItem[]); ClientTool calls and calls needing
 * confirmation interrupt it, and the run resumes from its RunState once they
 * are answered; the state saved is the conversation and `RunState.toString()`.
 */
export class AgentEngine implements SessionEngine {
  messages: readonly Message[] = [];
  #agent: SessionAgent | undefined;
  #history: AgentInputItem[] = [];
  #paused: PendingAnswers | undefined;
  /** What the SDK last sent the model in the current run: the conversation with every tool result known so far. */
  #asked: AgentInputItem[] | undefined;
  /** After a failed run: how many of the inbox's user messages the next run asks again with (the rest wait their turn). */
  #failedGiven: number | undefined;
  #llmAnswered = 0;
  readonly #tools: ReadonlyMap<string, Tool>;
  #conversationId = '';
  /** The events of the run going on (where a summary of the agent's transforms is traced). */
  #events: AgentEvents | undefined;

  constructor(
    private readonly services: AgentServices,
    private readonly inputs: Readonly<Record<string, unknown>>,
  ) {
    this.#tools = new Map(services.spec.tools.map((t) => [t.name, t]));
  }

  /** An engine from a save: the conversation and the paused RunState. */
  static async restore(services: AgentServices, inputs: Readonly<Record<string, unknown>>, saved: AgentEngineState): Promise<AgentEngine> {
    const engine = new AgentEngine(services, inputs);
    engine.#history = structuredClone([...saved.history]);
    engine.messages = saved.messages;
    engine.#llmAnswered = saved.llmAnswered ?? 0;
    const given = saved.failedGiven;
    engine.#failedGiven = typeof given === 'number' && Number.isInteger(given) && given >= 0 ? given : undefined;
    if (saved.paused) {
      const state = await RunState.fromString((await engine.#compiled()).agent, saved.paused.state);
      engine.#paused = new PendingAnswers(state, pendingCalls(state.getInterruptions(), engine.#tools), new Set(saved.paused.settled), new Set(saved.paused.confirmed));
    }
    return engine;
  }

  async #compiled(): Promise<SessionAgent> {
    // a built agent applying its transforms itself gets the session's conversation id and the runtime's traced summarizer
    const hooks: TransformHooks | undefined = this.services.transforms && this.services.summarizer
      ? { conversationId: () => this.#conversationId, summarize: (transform, messages) => this.#summarize(transform, messages) }
      : undefined;
    return (this.#agent ??= await this.services.compile(this.inputs, hooks));
  }

  /** The session finished and the app's retention let it go: close what was built for it. */
  async release(): Promise<void> {
    const agent = this.#agent;
    this.#agent = undefined;
    if (agent) await this.services.release(agent);
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    const events = run.spans.traced ? new AgentEvents(run.spans, this.services.spec, this.#llmAnswered, this.inputs) : undefined;
    const before = this.messages.length;
    try {
      for (const [id, given] of run.inbox.decisions) if (given.decision === 'reject') events?.rejected(id);
      this.#takeAnswers(run);
      this.#conversationId = run.conversationId;
      const status = await this.#loop(run, events);
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
      if (events) this.#llmAnswered = events.llmAnswered;
    }
  }

  /** The results and decisions the caller gave, applied to the paused RunState. */
  #takeAnswers({ inbox, last }: EngineRun): void {
    const paused = this.#paused;
    if (!paused || (last?.type !== 'tool_request' && last?.type !== 'tool_confirmation')) return;
    for (const call of last.requests) {
      const decision = inbox.decisions.get(call.id);
      if (last.type === 'tool_confirmation' && decision) paused.decide(call.id, decision.decision, decision.reason);
      if (last.type === 'tool_request' && inbox.toolResults.has(call.id)) paused.answer(call.id, inbox.toolResults.get(call.id));
    }
    inbox.consume(last.requests.map((c) => c.id));
  }

  /** SDK runs until the agent finishes or waits for the caller. */
  async #loop({ inbox, last, failed }: EngineRun, events: AgentEvents | undefined): Promise<RunStatus> {
    const { agent, runOptions } = await this.#compiled();
    // a run after a failure asks the failed request again as it was, without the messages the user gave since (the
    // next turn, as on the reference runtime) — but for a refused answer (an invalid tool call), asked again with them
    let retry = failed !== undefined && failed !== 'AS_TOOL_CALL_INVALID' ? this.#failedGiven : undefined;
    this.#failedGiven = undefined;
    for (;;) {
      const paused = this.#paused;
      if (paused) {
        const waiting = paused.waiting();
        if (waiting) return { ...waiting, messages: this.messages };
      }
      const given = paused ? 0 : retry ?? inbox.user.length; // messages appended during the run wait for the next one
      // waiting for the user and nothing new (a run right after a resume): the same status, no LLM call re-running the last turn
      if (!paused && given === 0 && retry === undefined && last?.type === 'user_input') return last;
      retry = undefined;
      const input: AgentInputItem[] | RunState<unknown, CompiledAgent> = paused
        ? (paused.state as RunState<unknown, CompiledAgent>)
        : [...this.#history, ...inbox.user.slice(0, given).map((text): AgentInputItem => ({ role: 'user', content: text }))];
      const snapshot = paused ? (paused.state as RunState<unknown, CompiledAgent>).toString() : undefined;
      let result: SdkResult;
      this.#asked = undefined;
      try {
        result = await this.#runOnce(agent, runOptions, input, events);
      } catch (e) {
        const asked = this.#asked as AgentInputItem[] | undefined;
        // what the next run asks again: the request's input (now the history), or the messages this run was given
        this.#failedGiven = asked ? 0 : given;
        if (asked) {
          // The run failed at or after an LLM request: go on from what that request held — the tools that had run, with
          // their results — so running again never executes them a second time (the SDK keeps no state on such errors).
          this.#history = asked;
          this.#paused = undefined;
          inbox.user.splice(0, given);
        } else if (snapshot !== undefined && paused) {
          // the SDK may have advanced the state before failing: retry from where the run was paused
          this.#paused = new PendingAnswers(await RunState.fromString(agent, snapshot), paused.calls, paused.settled, paused.confirmed);
        }
        throw e;
      }
      inbox.user.splice(0, given);
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
      if (inbox.user.length === 0) return { type: 'user_input', messages: this.messages };
    }
  }

  #outputs(result: SdkResult): Record<string, unknown> | undefined {
    const submitted = runData(result.runContext).submitted;
    if (submitted) return submitted;
    const output: unknown = result.finalOutput;
    if (this.services.native && typeof output === 'object' && output !== null) return shapeOutputs(this.services.spec.outputs, output as Record<string, unknown>);
    return undefined;
  }

  async #runOnce(agent: CompiledAgent, runOptions: SessionAgent['runOptions'], input: AgentInputItem[] | RunState<unknown, CompiledAgent>, events: AgentEvents | undefined): Promise<SdkResult> {
    const { runner, signal } = this.services;
    const { maxTurns, callModelInputFilter: own } = runOptions;
    this.#events = events;
    // the input of each LLM request, kept: what a failed run goes on from. The SDK hands a filter deep copies of the
    // items, which nothing else holds: kept as they are, unless the agent's own filter may change them in place.
    const callModelInputFilter = async (args: CallModelInputFilterArgs): Promise<ModelInputData> => {
      this.#asked = own ? structuredClone(args.modelData.input) : [...args.modelData.input];
      return own ? own(args) : this.#transformed(args.modelData, events);
    };
    const options = { maxTurns, callModelInputFilter, ...(signal ? { signal } : {}), ...(Array.isArray(input) ? { context: {} } : {}) };
    if (!events) return runner.run(agent, input, options);
    const streamed = await runner.run(agent, input, { ...options, stream: true });
    for await (const event of streamed) events.sdk(event);
    await streamed.completed;
    if (streamed.error) throw streamed.error;
    return streamed;
  }

  /**
   * What the model is sent: the input through the agent's message transforms
   * (the SDK's own hook, `callModelInputFilter`), their summarization calls
   * made by the SDK's models and traced in the agent's span.
   */
  async #transformed(modelData: ModelInputData, events: AgentEvents | undefined): Promise<ModelInputData> {
    const { transforms, summarizer, spec, signal } = this.services;
    if (!transforms || !summarizer) return modelData;
    const trace = events?.transforms();
    const call = backendTransformCall({ conversationId: this.#conversationId, backend: summarizer, ...(trace ? { trace } : {}), ...(signal ? { signal } : {}) });
    const conversation = llmMessages(toMessages(modelData.input, spec.name));
    return { ...modelData, input: inputItems(await transforms.apply(spec, conversation, call)) };
  }

  /** One summary of the agent's transform `id`, for an agent applying its transforms itself: the runtime's backend, traced like its own. */
  #summarize(id: string, messages: readonly LlmMessage[]): Promise<string> {
    const { transforms, summarizer, spec, signal } = this.services;
    const t = (spec.transforms ?? []).find((x) => x.id === id);
    const typed = t && (laterComponent(t, 'MessageSummarizationTransform') ?? laterComponent(t, 'ConversationSummarizationTransform'));
    if (!transforms || !summarizer || !typed) throw new RuntimeError('AS_INVALID_STATE', `the agent has no message transform '${id}' to summarize for`, { agent: spec.id });
    const trace = this.#events?.transforms();
    return backendTransformCall({ conversationId: this.#conversationId, backend: summarizer, ...(trace ? { trace } : {}), ...(signal ? { signal } : {}) }).summarize(typed.llm, messages);
  }

  state(): AgentEngineState {
    const paused = this.#paused;
    return {
      history: this.#history,
      paused: paused ? { state: (paused.state as RunState<unknown, CompiledAgent>).toString(), settled: [...paused.settled], confirmed: [...paused.confirmed] } : null,
      messages: this.messages,
      ...(this.#llmAnswered > 0 ? { llmAnswered: this.#llmAnswered } : {}),
      ...(this.#failedGiven !== undefined ? { failedGiven: this.#failedGiven } : {}),
    };
  }
}
