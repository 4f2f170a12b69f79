import { rejectionText, resolveInputs, RuntimeError, type EngineRun, type Message, type RunStatus, type SessionEngine } from '@agentspec/runtime';
import type { ModelMessage, ToolContent } from 'ai';
import { textOutput } from '../compile/tools/tool-kinds.js';
import { sessionAgent, type AgentContext, type CallControl, type SessionAgent } from './agent-context.js';
import { runAgentCall } from './agent-call.js';
import { AgentTrace } from './agent-trace.js';
import { conversation } from './conversation.js';
import { nextStep } from './next-step.js';
import { lastTurn } from './turn.js';

/** The AI SDK's own state in a saved agent session: its message history is the state. */
export interface AgentEngineState {
  readonly history: ModelMessage[];
  /** Tool results and approval responses given since the last run, sent as one tool message by the next. */
  readonly pending: ToolContent;
  readonly llmSteps: number;
}

/** An Agent run natively on a ToolLoopAgent (DESIGN §4.4), under the session kernel of @agentspec/runtime. */
export class AgentEngine implements SessionEngine {
  private history: ModelMessage[] = [];
  private pending: ToolContent = [];
  private llmSteps = 0;
  private compiled: SessionAgent | undefined;
  private readonly control: CallControl = { budget: 0, failures: [] };

  constructor(
    private readonly ctx: AgentContext,
    private readonly inputs: Readonly<Record<string, unknown>>,
    saved?: AgentEngineState,
  ) {
    if (!saved) return;
    this.history = structuredClone(saved.history);
    this.pending = structuredClone(saved.pending);
    this.llmSteps = saved.llmSteps;
  }

  get messages(): readonly Message[] {
    return conversation(this.history, this.ctx.agent.name);
  }

  state(): AgentEngineState {
    return { history: this.history, pending: this.pending, llmSteps: this.llmSteps };
  }

  /** The session finished and the app's retention let it go: close what the `build` option built for it. */
  async release(): Promise<void> {
    const i = this.ctx.built.findIndex((b) => b.agent === this.compiled?.agent);
    this.compiled = undefined;
    if (i >= 0) await this.ctx.built.splice(i, 1)[0]?.close?.();
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    const trace = run.spans.traced ? new AgentTrace(run.spans, this.ctx.agent, this.messages.length, this.llmSteps, this.inputs) : undefined;
    try {
      this.control.session = { conversationId: run.conversationId, ...(trace ? { trace: trace.transforms() } : {}), ...(this.ctx.load.signal ? { signal: this.ctx.load.signal } : {}) };
      this.takeAnswers(run);
      const status = await this.loop(run, trace);
      if (status.type === 'finished') trace?.end(status.outputs);
      return status;
    } catch (e) {
      trace?.exception(e);
      throw e;
    }
  }

  /** The results and decisions the caller gave, as AI SDK tool content (the AI SDK reads approvals from the last message). */
  private takeAnswers({ inbox, last }: EngineRun): void {
    if (last?.type !== 'tool_request' && last?.type !== 'tool_confirmation') return;
    const approvals = lastTurn(this.history)?.approvals;
    for (const call of last.requests) {
      const result = inbox.toolResults.get(call.id);
      if (last.type === 'tool_request' && inbox.toolResults.has(call.id)) {
        this.pending = this.pending.filter((p) => p.type !== 'tool-result' || p.toolCallId !== call.id);
        this.pending.push({ type: 'tool-result', toolCallId: call.id, toolName: call.name, output: textOutput(result) });
      }
      const given = inbox.decisions.get(call.id);
      if (last.type === 'tool_confirmation' && given) {
        const approvalId = approvals?.get(call.id) as string;
        this.pending = this.pending.filter((p) => p.type !== 'tool-approval-response' || p.approvalId !== approvalId);
        this.pending.push(given.decision === 'approve'
          ? { type: 'tool-approval-response', approvalId, approved: true, ...(given.reason !== undefined ? { reason: given.reason } : {}) }
          : { type: 'tool-approval-response', approvalId, approved: false, reason: rejectionText(call.name, given.reason) });
      }
    }
    inbox.consume(last.requests.map((c) => c.id));
  }

  /** Go on from the history until the agent finishes or needs the caller. */
  private async loop(run: EngineRun, trace: AgentTrace | undefined): Promise<RunStatus> {
    const { agent, shape } = this.ctx;
    // an LLM answer that was refused (an invalid tool call) is asked again with the messages the user gave since
    let refused = run.failed === 'AS_TOOL_CALL_INVALID';
    for (;;) {
      const next = nextStep(this.pending.length > 0 ? [...this.history, { role: 'tool', content: this.pending }] : this.history, shape);
      if (next.kind === 'finished') return { type: 'finished', outputs: next.outputs, messages: this.messages };
      if (next.kind === 'tool_confirmation' || next.kind === 'tool_request') return { type: next.kind, requests: next.requests, messages: this.messages };
      if (next.kind === 'user_input') {
        if (agent.human_in_the_loop === false) throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: agent.id });
        if (run.inbox.user.length === 0) return { type: 'user_input', messages: this.messages };
      }
      if (this.history.length === 0 || next.kind === 'user_input' || refused) this.takeUserMessages(run, trace);
      refused = false;
      this.sendPending(trace);
      await this.callLlm(trace);
    }
  }

  private takeUserMessages(run: EngineRun, trace: AgentTrace | undefined): void {
    this.history.push(...run.inbox.takeUser().map((content): ModelMessage => ({ role: 'user', content })));
    trace?.messages(this.messages);
  }

  /** The results and decisions given since the last run become one tool message. */
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
    // An answer with an invalid call stays out of the history (runAgentCall keeps only the steps before it).
    await runAgentCall(this.compiled, this.history, this.control, commit, site, trace, load.signal);
  }
}
