import {
  resolveInputs, RuntimeError, type Decision, type Message, type RunStatus, type RuntimeEvent, type SavedSession, type Session, type ToolCall, type ToolResult,
} from '@agentspec/runtime';
import type { ModelMessage, ToolContent, ToolLoopAgent, ToolSet } from 'ai';
import { textOutput } from '../compile/tools/tool-kinds.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { sessionAgent, type AgentContext, type CallControl } from './agent-context.js';
import { runAgentCall } from './agent-call.js';
import { AgentTrace } from './agent-trace.js';
import { conversation } from './conversation.js';
import { eventStream } from './event-stream.js';
import { nextStep } from './next-step.js';
import { lastTurn } from './turn.js';

export const AGENT_SAVE_FORMAT = 1;

/** The JSON an agent session saves: the AI SDK message history is the state. */
export interface SavedAgentSession extends SavedSession {
  readonly kind: 'agent';
  readonly component: string;
  readonly inputs: Record<string, unknown>;
  readonly history: ModelMessage[];
  /** Tool results and approval responses given since the last run, sent as one tool message by the next. */
  readonly pending: ToolContent;
  readonly user: string[];
  readonly llmSteps: number;
  readonly status?: RunStatus;
  /** The last run failed on an LLM answer that was refused (an invalid tool call): messages given since join before the LLM is asked again. */
  readonly refused?: boolean;
}

/** The rejection the LLM reads (the reference runtime's tool message). */
const rejection = (tool: string, reason?: string): string => `The user rejected this call of ${tool}${reason ? `: ${reason}` : '.'}`;

/** A session of an Agent run natively on a ToolLoopAgent (DESIGN §4.4). */
export class AgentSession implements Session {
  private history: ModelMessage[] = [];
  private pending: ToolContent = [];
  private user: string[] = [];
  private llmSteps = 0;
  private refused = false;
  private last: RunStatus | undefined;
  private running = false;
  private compiled: ToolLoopAgent<never, ToolSet> | undefined;
  private readonly control: CallControl = { budget: 0, failures: [] };

  constructor(
    private readonly ctx: AgentContext,
    private readonly inputs: Readonly<Record<string, unknown>>,
    saved?: SavedAgentSession,
  ) {
    if (!saved) return;
    this.history = structuredClone(saved.history);
    this.pending = structuredClone(saved.pending);
    this.user = [...saved.user];
    this.llmSteps = saved.llmSteps;
    this.refused = saved.refused === true;
    this.last = saved.status;
  }

  get messages(): readonly Message[] {
    return conversation(this.history, this.ctx.agent.name);
  }

  appendUserMessage(text: string): void {
    if (typeof text !== 'string') throw new RuntimeError('AS_INVALID_STATE', 'a user message must be a string');
    this.user.push(text);
  }

  appendToolResults(results: readonly ToolResult[]): void {
    const waiting = this.waiting('tool_request');
    for (const r of results) {
      const call = waiting.find((c) => c.id === r.id);
      if (!call) throw new RuntimeError('AS_INVALID_STATE', `no tool request with id '${r.id}' is waiting (waiting: ${waiting.map((c) => c.id).join(', ')})`);
      this.pending = this.pending.filter((p) => p.type !== 'tool-result' || p.toolCallId !== r.id);
      this.pending.push({ type: 'tool-result', toolCallId: r.id, toolName: call.name, output: textOutput(r.content) });
    }
  }

  decide(id: string, decision: Decision, reason?: string): void {
    const call = this.waiting('tool_confirmation').find((c) => c.id === id);
    if (!call) throw new RuntimeError('AS_INVALID_STATE', `no tool call with id '${id}' waits for a decision`);
    if (decision !== 'approve' && decision !== 'reject') throw new RuntimeError('AS_INVALID_STATE', `a decision is 'approve' or 'reject', not '${String(decision)}'`);
    const approvalId = lastTurn(this.history)?.approvals.get(id) as string;
    this.pending = this.pending.filter((p) => p.type !== 'tool-approval-response' || p.approvalId !== approvalId);
    this.pending.push(decision === 'approve'
      ? { type: 'tool-approval-response', approvalId, approved: true, ...(reason !== undefined ? { reason } : {}) }
      : { type: 'tool-approval-response', approvalId, approved: false, reason: rejection(call.name, reason) });
  }

  private waiting(type: 'tool_request' | 'tool_confirmation'): readonly ToolCall[] {
    if (this.last?.type !== type) {
      throw new RuntimeError('AS_INVALID_STATE', `the session is not waiting for ${type === 'tool_request' ? 'tool results' : 'decisions'} (status: ${this.last?.type ?? 'not started'})`);
    }
    return this.last.requests;
  }

  run(): Promise<RunStatus> {
    return this.execute(undefined);
  }

  stream(): AsyncIterable<RuntimeEvent> {
    return eventStream((emit) => this.execute(emit));
  }

  private async execute(emit: ((e: RuntimeEvent) => void) | undefined): Promise<RunStatus> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'the session is already running');
    if (this.last?.type === 'finished') throw new RuntimeError('AS_INVALID_STATE', 'the session has finished; start a new one');
    this.running = true;
    const trace = emit ? new AgentTrace(emit, this.ctx.agent, this.messages.length) : undefined;
    try {
      trace?.start(this.inputs);
      this.last = await this.advance(trace);
      if (this.last.type === 'finished') trace?.end(this.last.outputs);
      return this.last;
    } catch (e) {
      trace?.exception(e);
      throw e;
    } finally {
      this.running = false;
    }
  }

  /** Go on from the history until the agent finishes or needs the caller. */
  private async advance(trace: AgentTrace | undefined): Promise<RunStatus> {
    const { agent, shape } = this.ctx;
    for (;;) {
      const next = nextStep(this.pending.length > 0 ? [...this.history, { role: 'tool', content: this.pending }] : this.history, shape);
      if (next.kind === 'finished') return { type: 'finished', outputs: next.outputs, messages: this.messages };
      if (next.kind === 'tool_confirmation' || next.kind === 'tool_request') return { type: next.kind, requests: next.requests, messages: this.messages };
      if (next.kind === 'user_input') {
        if (agent.human_in_the_loop === false) throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: agent.id });
        if (this.user.length === 0) return { type: 'user_input', messages: this.messages };
      }
      if (this.history.length === 0 || next.kind === 'user_input' || this.refused) this.takeUserMessages(trace);
      this.refused = false;
      this.sendPending(trace);
      await this.callLlm(trace);
    }
  }

  private takeUserMessages(trace: AgentTrace | undefined): void {
    this.history.push(...this.user.splice(0).map((content): ModelMessage => ({ role: 'user', content })));
    trace?.messages(this.messages);
  }

  /** The results and decisions given since the last run become one tool message (the AI SDK reads approvals from the last message). */
  private sendPending(trace: AgentTrace | undefined): void {
    if (this.pending.length === 0) return;
    const turn = lastTurn(this.history);
    for (const p of this.pending) {
      if (p.type !== 'tool-approval-response' || !turn) continue;
      const callId = [...turn.approvals].find(([, a]) => a === p.approvalId)?.[0] ?? '';
      trace?.decision(callId, turn.calls.find((c) => c.toolCallId === callId)?.toolName ?? '', p.approved ? 'approve' : 'reject', p.reason);
    }
    this.history.push({ role: 'tool', content: this.pending });
    this.pending = [];
  }

  private async callLlm(trace: AgentTrace | undefined): Promise<void> {
    const { agent, load, maxAgentSteps } = this.ctx;
    const site = { agent: agent.id, llm: agent.llm_config.id };
    if (load.signal?.aborted) throw new RuntimeError('AS_CANCELLED', 'the run was cancelled', site);
    if (this.llmSteps >= maxAgentSteps) {
      throw new RuntimeError('AS_MAX_ITERATIONS', `the agent took more than ${maxAgentSteps} LLM turns`, { agent: agent.id }, { hint: 'raise limits.maxAgentSteps' });
    }
    this.compiled ??= await sessionAgent(this.ctx, resolveInputs(agent.inputs, this.inputs, { agent: agent.id }), this.control);
    this.control.budget = maxAgentSteps - this.llmSteps;
    const commit = (messages: readonly ModelMessage[], steps: number): void => {
      this.history.push(...messages);
      this.llmSteps += steps;
      trace?.messages(this.messages);
    };
    try {
      await runAgentCall(this.compiled, this.history, this.control, commit, site, trace, load.signal);
    } catch (e) {
      // The answer with the invalid call stays out of the history (runAgentCall kept only the steps before it).
      this.refused = RuntimeError.isInstance(e) && (e as RuntimeError).code === 'AS_TOOL_CALL_INVALID';
      throw e;
    }
  }

  async save(): Promise<SavedSession> {
    if (this.running) throw new RuntimeError('AS_INVALID_STATE', 'cannot save while running');
    const saved: SavedAgentSession = {
      runtime: AI_SDK_RUNTIME_NAME, format: AGENT_SAVE_FORMAT, kind: 'agent', component: this.ctx.agent.id,
      inputs: structuredClone(this.inputs) as Record<string, unknown>, history: this.history, pending: this.pending, user: this.user, llmSteps: this.llmSteps,
      ...(this.refused ? { refused: true } : {}),
      ...(this.last ? { status: this.last } : {}),
    };
    return JSON.parse(JSON.stringify(saved)) as SavedSession;
  }
}
