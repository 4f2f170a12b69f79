import { resolveInputs, RuntimeError, type EngineRun, type Message, type RunStatus, type SessionEngine } from '@agentspec/runtime';
import type { ModelMessage } from 'ai';
import { toRuntimeError } from '../errors/to-runtime-error.js';
import type { GroupMembers } from '../multi-agent/group-members.js';
import type { GroupBuildResult, GroupState, AiSdkRuntimeOptions, AgentHooks, GroupBuildOptions } from '../options.js';
import { hasInvalidCall, recordToolFailures } from './agent-context.js';
import { conversation } from './conversation.js';

/** What every session of a group app shares. */
export interface GroupContext {
  readonly members: GroupMembers;
  readonly options: AiSdkRuntimeOptions;
  /** The build options of every session but its inputs and hooks. */
  readonly build: Omit<GroupBuildOptions, 'inputs' | 'hooks'>;
  readonly signal: AbortSignal | undefined;
  /** What the `buildGroup` option built for the sessions not yet released. */
  readonly built: GroupBuildResult[];
}

/** The engine's state in a saved session: the AI SDK message history, who each message is from, and the group's own state. */
export interface GroupEngineState {
  readonly history: ModelMessage[];
  /** The name of the agent owning the conversation when each message of `history` was added. */
  readonly senders: string[];
  readonly group: GroupState;
}

/**
 * A Swarm or ManagerWorkers run by the group of the `buildGroup` option (an
 * emitted module's), under the session kernel: each user turn is one
 * `group.generate` on the whole conversation, whose turns (the messages of
 * each agent that owned the conversation) are appended with that agent as
 * their sender; the group's state (the active agent, handoffs in a row) is
 * the session's. A tool that failed in any agent of the group (an asked one
 * included) stops every loop and fails the run (AS_TOOL_FAILED, or the
 * error's own code).
 */
export class GroupEngine implements SessionEngine {
  private history: ModelMessage[] = [];
  private senders: string[] = [];
  private group: GroupState = {};
  private built: GroupBuildResult | undefined;
  private readonly failures: RuntimeError[] = [];

  constructor(
    private readonly ctx: GroupContext,
    private readonly inputs: Readonly<Record<string, unknown>>,
    saved?: GroupEngineState,
  ) {
    if (!saved) return;
    this.history = structuredClone(saved.history);
    this.senders = [...saved.senders];
    this.group = { ...saved.group };
  }

  /** The conversation, each run of messages read with the agent owning it as the sender. */
  get messages(): readonly Message[] {
    const out: Message[] = [];
    for (let i = 0; i < this.history.length;) {
      let j = i + 1;
      while (j < this.history.length && this.senders[j] === this.senders[i]) j++;
      out.push(...conversation(this.history.slice(i, j), this.senders[i] ?? ''));
      i = j;
    }
    return out;
  }

  state(): GroupEngineState {
    return { history: this.history, senders: this.senders, group: this.group };
  }

  async release(): Promise<void> {
    const i = this.ctx.built.findIndex((b) => b === this.built);
    this.built = undefined;
    if (i >= 0) await this.ctx.built.splice(i, 1)[0]?.close?.();
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    const { members, signal } = this.ctx;
    const incoming = run.inbox.takeUser();
    // nothing new to answer: the status stays (an agent speaks first only in a conversation without messages)
    if (incoming.length === 0 && this.history.length > 0) return run.last ?? { type: 'user_input', messages: this.messages };
    const owner = this.owner();
    for (const content of incoming) {
      this.history.push({ role: 'user', content });
      this.senders.push(owner);
    }
    if (signal?.aborted) throw new RuntimeError('AS_CANCELLED', 'the run was cancelled', { agent: members.group.id });
    this.built ??= await this.build();
    this.failures.length = 0;
    let result: Awaited<ReturnType<GroupBuildResult['group']['generate']>>;
    try {
      result = await this.built.group.generate({ messages: [...this.history], state: this.group, ...(signal ? { abortSignal: signal } : {}) });
    } catch (e) {
      throw this.failures[0] ?? toRuntimeError(e, { agent: members.group.id }, signal);
    }
    for (const turn of result.turns) {
      const name = this.nameOf(turn.agent);
      for (const m of turn.messages) {
        this.history.push(m);
        this.senders.push(name);
      }
    }
    if (this.failures[0]) throw this.failures[0];
    this.group = { ...result.state };
    return { type: 'user_input', messages: this.messages };
  }

  /** The name of the agent owning the conversation. */
  private owner(): string {
    return this.nameOf(this.group.activeAgent ?? (this.ctx.members.agents[0]?.id as string));
  }

  private nameOf(id: string): string {
    const agent = this.ctx.members.agents.find((a) => a.id === id);
    if (!agent) throw new RuntimeError('AS_INVALID_STATE', `the group answered as '${id}', which is none of its agents`, { agent: this.ctx.members.group.id });
    return agent.name;
  }

  /** The session's group: every member's inputs resolved (defaults filled in), the runtime's semantics as hooks shared by all its agents. */
  private async build(): Promise<GroupBuildResult> {
    const { members, options, build } = this.ctx;
    const inputs: Record<string, unknown> = {};
    for (const a of members.agents) Object.assign(inputs, resolveInputs(a.inputs, this.inputs, { agent: a.id }));
    const hooks: AgentHooks = {
      stopWhen: [({ steps }) => this.failures.length > 0 || hasInvalidCall(steps.at(-1))],
      prepareStep: async () => {
        if (this.failures[0]) throw this.failures[0];
        return undefined;
      },
      onToolExecutionEnd: recordToolFailures({ failures: this.failures }, members.group.id),
      onError: () => undefined,
    };
    const built = await (options.buildGroup as NonNullable<AiSdkRuntimeOptions['buildGroup']>)(members.group, { ...build, inputs, hooks });
    this.ctx.built.push(built);
    return built;
  }
}
