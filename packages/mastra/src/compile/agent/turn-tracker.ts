import { type Message, RuntimeError, type SpanRef, SUBMIT_RESULT, type ToolCall, usageAttribute } from '@agentspec/runtime';
import type { AgentPending } from './agent-pending.js';
import type { CompiledAgent } from './compile-agent.js';
import { callOf, ownCalls, stepMessages, type FinishedStep, type StreamChunk } from './messages.js';
import { failRun, type AgentRunState } from './run-state.js';

/**
 * Follows Mastra's agent loop to keep the conversation in the reference
 * runtime's message shapes: each finished step adds its assistant message and
 * tool messages; the step a run stopped in (for a client tool or a
 * confirmation) is kept aside until it finishes. It also enforces what Mastra
 * would hand back to the LLM but Agent Spec treats as a failure: calls of
 * unknown tools and arguments that are not JSON (AS_TOOL_CALL_INVALID).
 */
export class TurnTracker {
  readonly committed: Message[];
  lastStepCalledTools = false;
  private text: string;
  private calls: ToolCall[];
  private answered: string[];
  private rejected: Record<string, string>;
  private readonly raw = new Map<string, string>();
  /** The LLM generation span of the step in progress. */
  private llm: SpanRef | undefined;

  constructor(private readonly compiled: CompiledAgent, messages: readonly Message[], pending: AgentPending | undefined, private readonly state: AgentRunState) {
    this.committed = [...messages];
    this.text = pending?.text ?? '';
    this.calls = [...(pending?.calls ?? [])];
    this.answered = [...(pending?.answered ?? [])];
    this.rejected = { ...(pending?.rejected ?? {}) };
  }

  get submitted(): Record<string, unknown> | undefined {
    return this.state.submitted;
  }

  chunk(c: StreamChunk): void {
    if (!this.llm && c.type !== 'finish' && c.type !== 'step-finish') this.openLlm();
    const p = c.payload ?? {};
    if (c.type === 'text-delta' && typeof p.text === 'string') {
      this.text += p.text;
      // a token delta, as the reference streams them (a point event of the LLM span)
      if (this.llm && p.text !== '') this.state.events?.emit('LlmGenerationStreamingChunkReceived', this.llm.id, this.compiled.spec.llm_config.name, { content: p.text });
    }
    else if (c.type === 'tool-call-delta' && p.toolCallId) this.raw.set(p.toolCallId, (this.raw.get(p.toolCallId) ?? '') + (p.argsTextDelta ?? ''));
    else if (c.type === 'tool-call' && p.providerExecuted !== true) this.toolCall(c);
  }

  private toolCall(c: StreamChunk): void {
    const call = callOf(c);
    const { spec } = this.compiled;
    const site = { agent: spec.id, tool: call.name };
    const known = this.compiled.tools.has(call.name) || this.compiled.agentTools.has(call.name) || (call.name === SUBMIT_RESULT && (spec.outputs ?? []).length > 0 && !this.compiled.native);
    if (!known) failRun(this.state, new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${call.name}', which is not one of the agent's tools`, site));
    const raw = this.raw.get(call.id);
    if (raw !== undefined && raw.trim() !== '' && !isJsonObject(raw)) {
      failRun(this.state, new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${call.name}' with arguments that are not a JSON object: ${raw.slice(0, 200)}`, site));
    }
    this.calls.push(call);
  }

  private openLlm(): void {
    const config = this.compiled.spec.llm_config;
    this.llm = this.state.events?.open('LlmGenerationRequest', config.name, { llm_config: config.id, llm_generation_config: config.default_generation_parameters ?? null },
      // the step after the conversation so far: a step that failed is the same step when the next run asks again
      `llm@${this.committed.length}`);
  }

  /** The run failed: the LLM step in progress failed with it (an LLM error with no step begun is one). */
  failed(e: unknown, llmError: boolean): void {
    if (!this.llm && llmError) this.openLlm();
    if (this.llm) this.state.events?.fail(this.llm, e);
    this.llm = undefined;
  }

  stepFinished(step: FinishedStep): void {
    // A failed LLM call adds nothing, even when part of its answer came before it failed (a stream cut or
    // stalled half-way): the run fails, the conversation stays as it was, and its LLM span ends with the error.
    if (step.finishReason === 'error') return;
    const calls = ownCalls(step.toolCalls);
    if (this.llm) this.state.events?.close(this.llm, { content: step.text ?? '', tool_calls: calls.map((c) => callOf(c)), ...usageAttribute(step.usage) });
    this.llm = undefined;
    const added = stepMessages(step, this.compiled.spec.name, new Map(Object.entries(this.rejected)));
    this.committed.push(...added);
    for (const m of added) this.state.events?.emit('ConversationMessageAdded', 'run', m.sender ?? m.role, { message: m, ...(this.state.own ? { conversation: 'own' } : {}) });
    this.lastStepCalledTools = calls.length > 0;
    this.text = '';
    this.calls = [];
    this.answered = [];
    this.rejected = {};
  }

  reject(id: string, text: string): void {
    this.rejected[id] = text;
  }

  /** Mastra stopped on `toolCallId`: the pending state to save. */
  suspended(runId: string, toolCallId: string, kind: AgentPending['kind'], consumed: readonly string[]): AgentPending {
    const ids = new Set(this.calls.map((c) => c.id));
    this.answered = [...new Set([...this.answered, ...consumed])].filter((id) => ids.has(id));
    return { runId, toolCallId, kind, text: this.text, calls: [...this.calls], answered: [...this.answered], rejected: { ...this.rejected } };
  }

  /** The conversation with the stopped turn's assistant message last (what a status shows). */
  shown(pending: AgentPending): Message[] {
    return [...this.committed, { role: 'assistant', content: pending.text, sender: this.compiled.spec.name, toolCalls: pending.calls.map((c) => ({ ...c, args: { ...c.args } })) }];
  }
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}
