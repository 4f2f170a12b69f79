import type { Agent as SpecAgent, ComponentBase } from '@agentspec/core';
import { handoff, tool, type AgentInputItem, type Runner, type RunStreamEvent } from '@openai/agents';
import {
  countHandoff, resolveInputs, RuntimeError, swarmRecipients, transferSpec, workerToolSpec,
  type EngineRun, type Message, type RunStatus, type SessionEngine,
} from '@agentspec/runtime';
import type { CompiledAgent } from '../../compile/compile-agent.js';
import { toRuntimeError } from '../../model/sdk-errors.js';
import type { AskRequest, CompiledGroup, CompileOptions, CompileResult, GroupCompile } from '../../types.js';
import { withAgentSpecCode } from '../coded-errors.js';
import { toMessages } from '../to-messages.js';
import { groupMembers, type NativeGroup } from './native-members.js';
import { AgentSpans, emitter, newSpanId, type Emit } from './span-events.js';

/** What the sessions of one loaded Swarm or ManagerWorkers share. */
export interface MultiAgentServices {
  readonly group: NativeGroup;
  readonly runner: Runner;
  readonly compile: (agent: SpecAgent, options: CompileOptions) => CompileResult<CompiledAgent>;
  readonly options: Omit<CompileOptions, 'inputs'>;
  readonly maxHandoffs: number;
  readonly signal?: AbortSignal;
  /** Builds the members instead (`openaiAgentsRuntime({ buildGroup })`, e.g. an emitted module), its handoffs and agent tools its own. */
  readonly buildGroup?: GroupCompile;
  /** Called with what buildGroup built (the app closes it). */
  readonly onBuilt?: (built: CompiledGroup) => void;
}

/** The engine's state in a saved session. */
export interface MultiAgentState {
  readonly history: readonly AgentInputItem[];
  /** The id of the agent owning the conversation. */
  readonly owner: string;
  readonly handoffs: number;
  readonly answered: boolean;
  readonly messages: readonly Message[];
  /** The open spans the next turn goes on in: the group's, the owning agent's. */
  readonly spans?: { readonly group: string; readonly agent: string };
}

interface Member {
  readonly spec: SpecAgent;
  readonly sdk: CompiledAgent;
  readonly inputs: Record<string, unknown>;
}

/** SDK run items as the contract's messages, each answer's sender the agent that gave it. */
function itemsToMessages(items: readonly { rawItem: unknown; agent?: { name: string } }[], fallback: string): Message[] {
  const out: Message[] = [];
  let group: unknown[] = [];
  let sender = fallback;
  const flush = () => {
    out.push(...toMessages(group, sender));
    group = [];
  };
  for (const item of items) {
    const name = item.agent?.name ?? fallback;
    if (name !== sender && group.length > 0) flush();
    sender = name;
    group.push(item.rawItem);
  }
  flush();
  return out;
}

/**
 * A Swarm (`handoff: always`) or a ManagerWorkers run natively by the Agents
 * SDK (DESIGN §4.2 semantics, the SDK's patterns): each member an SDK
 * `Agent`; a Swarm's relationships its agents' `handoffs` (`handoff()`,
 * named and described as the semantics name transfers, each counted against
 * `limits.maxHandoffs`); a ManagerWorkers' workers tools of the manager, each
 * running its worker with the Runner on the message in a conversation of its
 * own (one call after another). Each user turn is one SDK run from the agent
 * owning the conversation (the last run's `lastAgent`). Traces: the group's
 * span, an AgentExecutionSpan per turn of ownership, a worker's inside the
 * ToolExecutionSpan of its call — as the interpreter writes them.
 */
export class MultiAgentEngine implements SessionEngine {
  messages: readonly Message[] = [];
  #history: AgentInputItem[] = [];
  #owner: string;
  #handoffs = 0;
  #answered = false;
  #members: Map<string, Member> | undefined;
  #emit: Emit = emitter(undefined);
  #groupSpan: string | undefined;
  #spans: AgentSpans | undefined;
  /** The spans of the agent running with each context of an asked agent's run (buildGroup), for the agents it asks. */
  readonly #askers = new WeakMap<object, AgentSpans>();
  #maxTurns: number;
  /** The owning agent's span of the saved session, continued by the first turn after a resume. */
  #continues: string | undefined;
  /** Worker calls run one after another, in the order the SDK starts them. */
  #serial: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly services: MultiAgentServices,
    private readonly inputs: Readonly<Record<string, unknown>>,
    saved?: MultiAgentState,
  ) {
    const g = services.group;
    this.#owner = g.kind === 'swarm' ? g.swarm.first_agent.id : g.manager.id;
    this.#maxTurns = services.options.limits?.maxAgentSteps ?? 20;
    if (saved) {
      this.#history = structuredClone([...saved.history]);
      this.#owner = saved.owner;
      this.#handoffs = saved.handoffs;
      this.#answered = saved.answered;
      this.messages = saved.messages;
      this.#groupSpan = saved.spans?.group;
      this.#continues = saved.spans?.agent;
    }
  }

  #compileMember(spec: SpecAgent): Member {
    const inputs = resolveInputs(spec.inputs, this.inputs, { agent: spec.id });
    return { spec, inputs, sdk: this.services.compile(spec, { ...this.services.options, inputs }).agent };
  }

  /** The members as SDK agents for this session: handoffs wired (Swarm), worker tools given to the manager (ManagerWorkers). */
  async #compiled(): Promise<Map<string, Member>> {
    if (this.#members) return this.#members;
    if (this.services.buildGroup) return (this.#members = await this.#built(this.services.buildGroup));
    const g = this.services.group;
    const members = new Map<string, Member>();
    if (g.kind === 'swarm') {
      for (const spec of g.members) members.set(spec.id, this.#compileMember(spec));
      for (const m of members.values()) {
        m.sdk.handoffs = swarmRecipients(g.swarm, m.spec).map((to) => {
          const spec = transferSpec(to);
          return handoff(members.get(to.id)!.sdk, { toolNameOverride: spec.name, toolDescriptionOverride: spec.description, onHandoff: () => this.#handedOver(to) });
        });
      }
    } else {
      const manager = this.#compileMember(g.manager);
      members.set(g.manager.id, manager);
      for (const w of g.workers) {
        const worker = this.#compileMember(w);
        members.set(w.id, worker);
        manager.sdk.tools.push(this.#workerTool(worker));
      }
    }
    return (this.#members = members);
  }

  /** The members as buildGroup builds them, each SDK agent found by its Agent Spec id. */
  async #built(build: GroupCompile): Promise<Map<string, Member>> {
    const g = this.services.group;
    const built = await build(g.kind === 'swarm' ? g.swarm : g.mw, {
      ...this.services.options, inputs: this.inputs, maxHandoffs: this.services.maxHandoffs, ask: (r) => this.#ask(r),
    });
    this.services.onBuilt?.(built);
    this.#maxTurns = built.runOptions.maxTurns;
    const members = new Map<string, Member>();
    for (const spec of groupMembers(g)) {
      const sdk = built.agents[spec.id];
      if (!sdk) throw new RuntimeError('AS_INVALID_STATE', `the group's build gave no SDK agent for agent '${spec.id}'`, { agent: spec.id });
      members.set(spec.id, { spec, sdk: sdk as CompiledAgent, inputs: resolveInputs(spec.inputs, this.inputs, { agent: spec.id }) });
    }
    return members;
  }

  /** An asked agent of a built group (a worker, a send_message recipient): run, traced, inside the span of the call. */
  #ask(r: AskRequest): Promise<string> {
    const member = this.#members?.get(r.id);
    if (!member) return Promise.reject(new RuntimeError('AS_INVALID_STATE', `no agent '${r.id}' in the group`, { agent: r.id }));
    const context = { askDepth: r.depth };
    return this.#askAgent({ ...member, sdk: r.agent as CompiledAgent }, r.tool, { message: r.message }, r.callId || newSpanId(), this.#askers.get(r.caller) ?? this.#spans!, context);
  }

  /** A transfer: more than maxHandoffs in a row without the owning agent answering the user is AS_HANDOFF_LIMIT. */
  #handedOver(to: ComponentBase): void {
    this.#handoffs = countHandoff(this.#answered ? 0 : this.#handoffs, this.services.maxHandoffs, to);
    this.#answered = false;
  }

  /** The manager's tool for a worker: the worker run by the Runner on the message, in the call's ToolExecutionSpan; a failure fails the run. */
  #workerTool(worker: Member) {
    const spec = workerToolSpec(worker.spec);
    return tool({
      name: spec.name,
      description: spec.description,
      parameters: spec.parameters as never,
      strict: true,
      errorFunction: null,
      execute: (args: unknown, _ctx, details) => {
        const run = this.#serial.then(() => this.#askAgent(worker, spec.name, args as Record<string, unknown>, details?.toolCall?.callId ?? newSpanId(), this.#spans!, {}));
        this.#serial = run.catch(() => undefined);
        return run;
      },
    });
  }

  /** An asked agent run on the message in a conversation of its own (`context`: its run's), in a ToolExecutionSpan of `caller`. */
  async #askAgent(worker: Member, name: string, args: Record<string, unknown>, callId: string, caller: AgentSpans, context: object): Promise<string> {
    const toolSpan = caller.toolSpan(callId, name, worker.spec.id, args);
    const spans = new AgentSpans(this.#emit, worker.spec, toolSpan, worker.inputs);
    this.#askers.set(context, spans);
    const message = typeof args.message === 'string' ? args.message : JSON.stringify(args);
    try {
      const result = await this.#stream(worker.sdk, [{ role: 'user', content: message }], (e) => spans.sdk(e), context);
      const text = typeof result.finalOutput === 'string' ? result.finalOutput : JSON.stringify(result.finalOutput ?? '');
      for (const m of [{ role: 'user' as const, content: message }, ...itemsToMessages(result.newItems, worker.spec.name)]) {
        this.#emit('ConversationMessageAdded', spans.spanId, m.role === 'assistant' ? worker.spec.name : m.role, { message: m, conversation: 'own' });
      }
      spans.end({ outputs: {}, answer: text });
      caller.closeTool(callId, { outputs: text });
      return text;
    } catch (e) {
      spans.error(e);
      throw e;
    }
  }

  /** One streamed SDK run, its events given to `on`. */
  async #stream(agent: CompiledAgent, input: AgentInputItem[], on: (e: RunStreamEvent) => void, context: object = {}) {
    const { runner, signal } = this.services;
    const streamed = await runner.run(agent, input, { stream: true, context, maxTurns: this.#maxTurns, ...(signal ? { signal } : {}) });
    for await (const e of streamed) on(e);
    await streamed.completed;
    if (streamed.error) throw streamed.error;
    return streamed;
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    this.#emit = emitter(run.emit);
    const g = this.services.group;
    const group = g.kind === 'swarm' ? g.swarm : g.mw;
    const given = run.inbox.user.length;
    if (given === 0 && run.last?.type === 'user_input') return run.last;
    const members = await this.#compiled();
    if (!this.#groupSpan) {
      this.#groupSpan = newSpanId();
      const [start, key] = g.kind === 'swarm' ? ['SwarmExecutionStart', 'swarm'] as const : ['ManagerWorkersExecutionStart', 'managerworkers'] as const;
      this.#emit(start, this.#groupSpan, String(group.name), { [key]: group.id, inputs: this.inputs });
    }
    const owner = members.get(this.#owner)!;
    this.#spans ??= new AgentSpans((...a) => this.#emit(...a), owner.spec, this.#groupSpan, owner.inputs, this.#continues);
    const user: Message[] = run.inbox.user.slice(0, given).map((content) => ({ role: 'user', content }));
    const bySdk = new Map([...members.values()].map((m) => [m.sdk, m]));
    try {
      const result = await this.#stream(owner.sdk, [...this.#history, ...user.map((m): AgentInputItem => ({ role: 'user', content: m.content }))], (e) => {
        if (e.type === 'agent_updated_stream_event') {
          const next = bySdk.get(e.agent as CompiledAgent);
          if (next && next.spec.id !== this.#spans!.agent.id) {
            this.#spans!.end({ outputs: {}, handoff_to: next.spec.id });
            this.#spans = new AgentSpans((...a) => this.#emit(...a), next.spec, this.#groupSpan, next.inputs);
          }
          return;
        }
        this.#spans!.sdk(e);
      });
      run.inbox.user.splice(0, given);
      const added = [...user, ...itemsToMessages(result.newItems, owner.spec.name)];
      for (const m of added) this.#emit('ConversationMessageAdded', this.#spans.spanId, m.sender ?? m.role, { message: m });
      this.messages = [...this.messages, ...added];
      this.#history = result.history;
      const last = result.lastAgent ? bySdk.get(result.lastAgent as CompiledAgent) : undefined;
      if (last) this.#owner = last.spec.id;
      this.#answered = true;
      return { type: 'user_input', messages: this.messages };
    } catch (e) {
      const site = { agent: this.#spans.agent.id };
      const error = toRuntimeError(withAgentSpecCode(e, site), site, this.services.signal);
      this.#spans.error(error);
      throw error;
    }
  }

  state(): MultiAgentState {
    return {
      history: this.#history, owner: this.#owner, handoffs: this.#handoffs, answered: this.#answered, messages: this.messages,
      ...(this.#groupSpan && this.#spans ? { spans: { group: this.#groupSpan, agent: this.#spans.spanId } } : {}),
    };
  }
}
