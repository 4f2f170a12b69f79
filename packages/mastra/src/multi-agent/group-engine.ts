import {
  countHandoff, handoffLimitError, resolveInputs, shapeOutputs, type EngineRun, type Message, type RunStatus, type SessionEngine,
} from '@agentspec/runtime';
import { runAgent, type AgentRunOutcome } from '../compile/agent/run-agent.js';
import { CONTEXT_GROUP } from '../constants.js';
import { EventSink, inSpan } from '../events.js';
import { withTransformRun } from '../model/transforming-model.js';
import type { CompiledGroup } from './compile-group.js';
import type { GroupRun } from './group-tools.js';

/** The engine's state in a saved session (plain JSON: no Mastra run is left suspended between turns). */
export interface GroupEngineState {
  readonly conversation: readonly Message[];
  /** The id of the member owning the conversation. */
  readonly owner: string;
  /** Transfers so far in the session (each owner's turn is its own AgentExecutionSpan). */
  readonly transfers: number;
  /** Handoffs in a row without an answer to the user. */
  readonly handoffs: number;
  /** Whether the owner has answered the user since it got the conversation. */
  readonly answered: boolean;
  readonly started: boolean;
}

/**
 * A Swarm or ManagerWorkers run as Mastra Agents (see `compileGroup`), under
 * the session kernel: each user turn runs the Mastra Agent of the member
 * owning the conversation (`generate` on the whole conversation, through the
 * runtime's agent driver); a transfer ends its run, and the recipient's
 * Agent runs next on the same conversation, until an agent answers the user
 * (`user_input`) or gives outputs. Handoffs in a row are counted with the
 * shared rule (`countHandoff`, AS_HANDOFF_LIMIT past `limits.maxHandoffs`).
 * Traces: the group's span, an AgentExecutionSpan per turn of ownership
 * (kept open while it waits for the user), the asked agents inside the
 * ToolExecutionSpans of their calls — as the reference interpreter writes them.
 */
export class GroupEngine implements SessionEngine {
  messages: readonly Message[] = [];
  #conversation: Message[];
  #owner: string;
  #transfers: number;
  #handoffs: number;
  #answered: boolean;
  #started: boolean;

  constructor(
    private readonly group: CompiledGroup,
    private readonly inputs: Readonly<Record<string, unknown>>,
    private readonly maxHandoffs: number,
    private readonly signal: AbortSignal | undefined,
    saved?: GroupEngineState,
  ) {
    this.#conversation = [...(saved?.conversation ?? [])];
    this.#owner = saved?.owner ?? group.first;
    this.#transfers = saved?.transfers ?? 0;
    this.#handoffs = saved?.handoffs ?? 0;
    this.#answered = saved?.answered ?? false;
    this.#started = saved?.started ?? false;
    this.messages = this.#conversation;
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    const { inbox, last } = run;
    const incoming = inbox.takeUser();
    if (this.#started && incoming.length === 0 && last) return last;
    for (const text of incoming) this.#conversation.push({ role: 'user', content: text });
    this.#started = true;
    const events = run.spans.traced ? new EventSink(run.spans) : undefined;
    const { component, kind } = this.group;
    const [start, end, key] = kind === 'swarm'
      ? ['SwarmExecutionStart', 'SwarmExecutionEnd', 'swarm'] as const
      : ['ManagerWorkersExecutionStart', 'ManagerWorkersExecutionEnd', 'managerworkers'] as const;
    const transformRun = { conversationId: run.conversationId, ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}) };
    return withTransformRun(transformRun, () => inSpan(events, start, end, String(component.name), { [key]: component.id, inputs: this.inputs }, () => this.#turn(events),
      (s: RunStatus) => ({ outputs: s.type === 'finished' ? s.outputs : {} }), (s: RunStatus) => s.type === 'finished'));
  }

  /** Runs the owners' Agents until one answers the user or gives outputs. */
  async #turn(events: EventSink | undefined): Promise<RunStatus> {
    for (;;) {
      const owner = this.group.owners.get(this.#owner)!;
      const { spec } = owner;
      const inputs = resolveInputs(spec.inputs, this.inputs, { agent: spec.id });
      const group: GroupRun = { inputs: this.inputs, depth: 0, ...(this.signal ? { signal: this.signal } : {}) };
      const run = () => runAgent(owner, {
        messages: this.#conversation, inputs, answers: { decisions: new Map(), toolResults: new Map() }, inFlow: false, sequentialTools: true,
        context: { [CONTEXT_GROUP]: group },
        onFailure: (committed) => {
          this.#conversation = [...committed];
          this.messages = this.#conversation;
        },
        ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}),
      });
      const outcome = events
        ? await events.span('AgentExecutionStart', 'AgentExecutionEnd', spec.name, { agent: spec.id, inputs }, run, endAttributes,
          (o) => o.type === 'finished' || (o.type === 'user_input' && o.handoff !== undefined), `agent@${this.#transfers}`)
        : await run();
      this.#conversation = outcome.messages;
      this.messages = this.#conversation;
      if (outcome.type === 'finished') return { type: 'finished', outputs: shapeOutputs(this.group.component.outputs, outcome.outputs), messages: this.messages };
      if (outcome.type !== 'user_input' || outcome.handoff === undefined) {
        this.#answered = true;
        return { type: 'user_input', messages: this.messages };
      }
      this.#handoffs = countHandoff(this.#handoffs, this.#answered);
      this.#answered = false;
      const next = this.group.owners.get(outcome.handoff)!;
      if (this.#handoffs > this.maxHandoffs) throw handoffLimitError('the conversation was handed over', this.maxHandoffs, next.spec);
      this.#owner = outcome.handoff;
      this.#transfers += 1;
    }
  }

  state(): GroupEngineState {
    return {
      conversation: this.#conversation, owner: this.#owner, transfers: this.#transfers, handoffs: this.#handoffs, answered: this.#answered, started: this.#started,
    };
  }
}

function endAttributes(o: AgentRunOutcome): Record<string, unknown> {
  if (o.type === 'finished') return { outputs: o.outputs };
  return o.type === 'user_input' && o.handoff !== undefined ? { outputs: {}, handoff_to: o.handoff } : { outputs: {} };
}
