import { hasTransforms, resolveInputs, type EngineRun, type Message, type RunStatus, type SessionEngine } from '@agentspec/runtime';
import type { AgentPending } from '../compile/agent/agent-pending.js';
import { compiledAgentOf, type CompiledAgent } from '../compile/agent/compile-agent.js';
import { stoppingTool } from '../compile/agent/stopping-tool.js';
import { runAgent, type AgentRunOutcome } from '../compile/agent/run-agent.js';
import { EventSink, inSpan } from '../events.js';
import { withTransformRun } from '../model/transforming-model.js';
import type { RunCarrier } from './run-carrier.js';

/** Mastra's own state in a saved agent session. */
export interface AgentEngineState {
  /** The conversation without a stopped turn's assistant message. */
  readonly conversation: readonly Message[];
  readonly pending?: AgentPending;
  readonly started: boolean;
  readonly messages: readonly Message[];
}

/**
 * A standalone Agent on its compiled Mastra Agent, under the session kernel
 * of @agentspec/runtime: each run calls `generate` on the whole conversation
 * (or resumes the Mastra run that stopped for a client tool or a
 * confirmation, from Mastra's storage).
 */
export class AgentEngine implements SessionEngine {
  messages: readonly Message[];
  private conversation: Message[];
  private pending: AgentPending | undefined;
  private started: boolean;

  constructor(
    private readonly compiled: CompiledAgent,
    private readonly inputs: Readonly<Record<string, unknown>>,
    private readonly signal: AbortSignal | undefined,
    private readonly runs: RunCarrier,
    saved?: AgentEngineState,
  ) {
    this.conversation = [...(saved?.conversation ?? [])];
    this.pending = saved?.pending;
    this.started = saved?.started ?? false;
    this.messages = saved?.messages ?? [];
  }

  /**
   * A compiled agent that never stops mid-run and has no message transforms (whose summarization requests have
   * signals of their own) makes every LLM request of a run with the run's abort signal (Mastra hands `abortSignal`
   * to the model's fetch) and runs every tool with the run's state (its RequestContext): the session's ledger is
   * bound to the one and given to the other, and the run goes without an async context of its own.
   */
  bindsLedger(): boolean {
    const { spec, agent } = this.compiled;
    return compiledAgentOf(agent) === this.compiled && stoppingTool(spec) === undefined && !hasTransforms(spec);
  }

  advance(run: EngineRun): Promise<RunStatus> {
    return this.runs.around(this, () => this.step(run), () => this.pending?.runId);
  }

  private async step(run: EngineRun): Promise<RunStatus> {
    const { inbox, last } = run;
    // an LLM answer that was refused (an invalid tool call) is asked again with the messages the user gave since
    const refused = run.failed === 'AS_TOOL_CALL_INVALID';
    if (!this.started || last?.type === 'user_input' || refused) {
      const incoming = inbox.takeUser();
      if (this.started && !refused && incoming.length === 0 && last) return last;
      for (const text of incoming) this.conversation.push({ role: 'user', content: text });
      this.started = true;
    }
    const { spec } = this.compiled;
    const events = run.spans.traced ? new EventSink(run.spans) : undefined;
    const inputs = resolveInputs(spec.inputs, this.inputs, { agent: spec.id });
    const transformRun = { conversationId: run.conversationId, ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}) };
    // the run is in an async context only for the models that apply the agent's transforms (they read it there)
    const inRun = hasTransforms(spec) ? <T>(f: () => Promise<T>) => withTransformRun(transformRun, f) : <T>(f: () => Promise<T>) => f();
    const outcome = await inRun(() => inSpan(events, 'AgentExecutionStart', 'AgentExecutionEnd', spec.name, { agent: spec.id, inputs }, () => runAgent(this.compiled, {
      messages: this.conversation, inputs, answers: inbox, inFlow: false, conversationId: run.conversationId, ...(this.bindsLedger() ? { ledger: run.ledger } : {}),
      onFailure: (committed) => {
        if (!this.pending) this.conversation = [...committed];
      },
      ...(this.pending ? { pending: this.pending } : {}), ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}),
    }), (o: AgentRunOutcome) => ({ status: o.type, ...(o.type === 'finished' ? { outputs: o.outputs } : {}) }), (o: AgentRunOutcome) => o.type === 'finished'));
    inbox.consume(outcome.consumed);
    switch (outcome.type) {
      case 'finished':
        this.conversation = outcome.messages;
        this.pending = undefined;
        return { type: 'finished', outputs: outcome.outputs, messages: outcome.messages };
      case 'user_input':
        this.conversation = outcome.messages;
        this.pending = undefined;
        return { type: 'user_input', messages: outcome.messages };
      default:
        this.conversation = outcome.committed;
        this.pending = outcome.pending;
        return { type: outcome.type, requests: outcome.requests, messages: outcome.messages };
    }
  }

  state(): AgentEngineState & { readonly runs?: unknown } {
    return {
      conversation: this.conversation, started: this.started, messages: this.messages,
      ...(this.pending ? { pending: this.pending } : {}), ...this.runs.saved(),
    };
  }
}
