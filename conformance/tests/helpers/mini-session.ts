/**
 * The mini runtime's session: a standalone Agent's loop (DESIGN §4.2, a
 * subset) — server tools run, client tools stop with `tool_request`, tools
 * with `requires_confirmation` stop with `tool_confirmation`, a text reply
 * yields `user_input`, a `submit_result` call finishes with outputs.
 */
import type { Agent, Tool } from '@agentspec/core';
import type {
  Decision, Message, RunStatus, RuntimeEvent, SavedSession, Session, ToolCall, ToolRegistry, ToolResult,
} from '@agentspec/runtime';
import { eventStream } from '@agentspec/runtime';
import { callLlm, SUBMIT_RESULT } from './mini-llm.js';
import { MiniError } from './mini-error.js';

export interface MiniState {
  messages: Message[];
  inputs: Record<string, unknown>;
  pending?: { kind: 'tool_request' | 'tool_confirmation'; calls: ToolCall[]; client: ToolCall[] };
  decisions: Record<string, { decision: Decision; reason?: string }>;
  results: Record<string, unknown>;
}

export interface MiniContext {
  readonly runtime: string;
  readonly agent: Agent;
  readonly tools: ToolRegistry;
  readonly url: string;
  readonly maxTurns: number;
  /** A deliberate bug for the runner's tests: reply texts come out upper-cased. */
  readonly shout: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export class MiniSession implements Session {
  constructor(private readonly ctx: MiniContext, private readonly state: MiniState) {}

  get messages(): readonly Message[] {
    return this.state.messages;
  }

  appendUserMessage(content: string): void {
    this.state.messages.push({ role: 'user', content });
  }

  appendToolResults(results: readonly ToolResult[]): void {
    if (this.state.pending?.kind !== 'tool_request') throw new MiniError('AS_INVALID_STATE', 'no tool request is pending');
    for (const r of results) this.state.results[r.id] = r.content;
  }

  decide(id: string, decision: Decision, reason?: string): void {
    if (this.state.pending?.kind !== 'tool_confirmation') throw new MiniError('AS_INVALID_STATE', 'no confirmation is pending');
    this.state.decisions[id] = { decision, ...(reason !== undefined ? { reason } : {}) };
  }

  async save(): Promise<SavedSession> {
    return { runtime: this.ctx.runtime, format: 1, state: structuredClone(this.state) };
  }

  /** `run()` as events: the mini runtime emits no spans, only how the run ended. */
  stream(): AsyncIterable<RuntimeEvent> {
    return eventStream(() => this.run());
  }

  private tool(name: string): Tool {
    const tool = this.ctx.agent.tools.find((t) => t.name === name);
    if (!tool) throw new MiniError('AS_TOOL_CALL_INVALID', `the LLM called unknown tool '${name}'`);
    return tool;
  }

  private async execute(call: ToolCall): Promise<void> {
    let result: unknown;
    try {
      result = await this.ctx.tools[call.name]!({ ...call.args });
    } catch (e) {
      throw new MiniError('AS_TOOL_FAILED', `tool '${call.name}' failed: ${(e as Error).message}`);
    }
    this.state.messages.push({ role: 'tool', content: text(result), toolCallId: call.id });
  }

  private status(type: 'user_input' | 'tool_request' | 'tool_confirmation', calls: ToolCall[] = []): RunStatus {
    const messages = [...this.state.messages];
    return type === 'user_input' ? { type, messages } : { type, requests: calls, messages };
  }

  /** Settles what the caller answered; a status when the caller must act again. */
  private async settle(): Promise<RunStatus | undefined> {
    const pending = this.state.pending;
    if (!pending) return undefined;
    if (pending.kind === 'tool_request') {
      const missing = pending.calls.filter((c) => !Object.hasOwn(this.state.results, c.id));
      if (missing.length === pending.calls.length) return this.status('tool_request', pending.calls);
      if (missing.length > 0) throw new MiniError('AS_INVALID_STATE', `no result for ${missing.map((c) => c.name).join(', ')}`);
      for (const c of pending.calls) this.state.messages.push({ role: 'tool', content: text(this.state.results[c.id]), toolCallId: c.id });
      delete this.state.pending;
      return undefined;
    }
    if (pending.calls.every((c) => !this.state.decisions[c.id])) return this.status('tool_confirmation', pending.calls);
    const client = [...pending.client];
    for (const call of pending.calls) {
      const d = this.state.decisions[call.id];
      if (!d) throw new MiniError('AS_INVALID_STATE', `no decision for ${call.name}`);
      if (d.decision === 'reject') {
        this.state.messages.push({ role: 'tool', content: `The user rejected this call${d.reason ? `: ${d.reason}` : ''}.`, toolCallId: call.id });
      } else if (this.tool(call.name).component_type === 'ClientTool') client.push(call);
      else await this.execute(call);
    }
    this.state.pending = { kind: 'tool_request', calls: client, client: [] };
    if (client.length > 0) return this.status('tool_request', client);
    delete this.state.pending;
    return undefined;
  }

  async run(): Promise<RunStatus> {
    const waiting = await this.settle();
    if (waiting) return waiting;
    for (let turn = 0; turn < this.ctx.maxTurns; turn++) {
      const { agent, url } = this.ctx;
      const reply = await callLlm(url, agent, this.state.inputs, this.state.messages);
      const content = this.ctx.shout ? reply.text.toUpperCase() : reply.text;
      this.state.messages.push({ role: 'assistant', content, ...(reply.calls.length ? { toolCalls: reply.calls } : {}) });
      if (reply.calls.length === 0) return this.status('user_input');
      const submit = reply.calls.find((c) => c.name === SUBMIT_RESULT);
      if (submit) return { type: 'finished', outputs: submit.args, messages: [...this.state.messages] };
      const confirm: ToolCall[] = [];
      const client: ToolCall[] = [];
      for (const call of reply.calls) {
        const tool = this.tool(call.name);
        if (tool.requires_confirmation) confirm.push(call);
        else if (tool.component_type === 'ClientTool') client.push(call);
        else await this.execute(call);
      }
      if (confirm.length > 0) {
        this.state.pending = { kind: 'tool_confirmation', calls: confirm, client };
        return this.status('tool_confirmation', confirm);
      }
      if (client.length > 0) {
        this.state.pending = { kind: 'tool_request', calls: client, client: [] };
        return this.status('tool_request', client);
      }
    }
    throw new MiniError('AS_MAX_ITERATIONS', `no answer after ${this.ctx.maxTurns} LLM turns`);
  }
}
