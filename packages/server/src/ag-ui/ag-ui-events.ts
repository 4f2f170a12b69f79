import { randomUUID } from 'node:crypto';
import { EventType, type BaseEvent, type Interrupt } from '@ag-ui/core';
import type { Message, RunStatus, RuntimeEvent, ToolCall } from '@agentspec/runtime';

/** The id of the interrupt a user-input request of a flow is (its conversation length makes it unique in the thread). */
export const userInputInterruptId = (messages: readonly Message[]) => `user-input-${messages.length}`;

/**
 * A run's events as AG-UI events: LLM token deltas as a text message
 * (start, content per delta, end), tool executions as tool calls with their
 * result, flow nodes as steps with a state snapshot naming the current node.
 * At the end ({@link finish}) the assistant messages the run added that were
 * not streamed (flow messages, runtimes that do not stream tokens) are sent
 * whole, client tool requests as tool calls for the client to answer, and the
 * run's outcome: success, or interrupts for tool confirmations and a flow's
 * user-input requests.
 */
export class AgUiTranslator {
  private openText: string | undefined;
  private streamed: string[] = [];
  private current = '';
  private readonly toolCalls = new Map<string, string>();
  private readonly sentToolCalls = new Set<string>();
  private readonly nodes: { id: string; span: string; name: string }[] = [];

  constructor(private readonly send: (e: BaseEvent) => void, private readonly isFlow: boolean) {}

  event(e: RuntimeEvent): void {
    if (e.type === 'RunStatus' || e.type === 'RunError') return;
    switch (e.type) {
      case 'LlmGenerationStreamingChunkReceived': {
        const delta = typeof e.attributes.content === 'string' ? e.attributes.content : '';
        if (delta === '') return;
        if (this.openText === undefined) {
          this.openText = randomUUID();
          this.send({ type: EventType.TEXT_MESSAGE_START, messageId: this.openText, role: 'assistant' } as BaseEvent);
        }
        this.current += delta;
        this.send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.openText, delta } as BaseEvent);
        return;
      }
      case 'LlmGenerationResponse':
        this.closeText();
        return;
      case 'ToolExecutionRequest': {
        this.closeText();
        const id = typeof e.attributes.tool_call_id === 'string' ? e.attributes.tool_call_id : e.spanId;
        this.toolCalls.set(e.spanId, id);
        this.sendToolCall(id, e.name, e.attributes.inputs);
        return;
      }
      case 'ToolExecutionResponse': {
        const id = this.toolCalls.get(e.spanId);
        if (id === undefined) return;
        const outputs = e.attributes.outputs;
        this.send({ type: EventType.TOOL_CALL_RESULT, messageId: randomUUID(), toolCallId: id, content: typeof outputs === 'string' ? outputs : JSON.stringify(outputs ?? null), role: 'tool' } as BaseEvent);
        return;
      }
      case 'NodeExecutionStart': {
        const id = typeof e.attributes.node === 'string' ? e.attributes.node : e.name;
        this.nodes.push({ id, span: e.spanId, name: e.name });
        this.send({ type: EventType.STEP_STARTED, stepName: e.name } as BaseEvent);
        this.snapshot('running');
        return;
      }
      case 'NodeExecutionEnd': {
        const i = this.nodes.findLastIndex((n) => n.span === e.spanId);
        if (i < 0) return;
        const [node] = this.nodes.splice(i, 1);
        this.send({ type: EventType.STEP_FINISHED, stepName: node?.name ?? e.name } as BaseEvent);
        return;
      }
      default:
        return;
    }
  }

  /** What the run ended with: the messages it added that were not streamed, client tool calls, the outcome. */
  finish(status: RunStatus, before: number, threadId: string, runId: string): void {
    this.closeText();
    const pendingIds = new Set(status.type === 'tool_request' ? status.requests.map((r) => r.id) : []);
    const confirmIds = new Set(status.type === 'tool_confirmation' ? status.requests.map((r) => r.id) : []);
    const shownHere = new Set<string>();
    for (const m of status.messages.slice(before)) {
      if (m.role === 'tool' && m.toolCallId !== undefined && shownHere.has(m.toolCallId)) {
        this.send({ type: EventType.TOOL_CALL_RESULT, messageId: randomUUID(), toolCallId: m.toolCallId, content: m.content, role: 'tool' } as BaseEvent);
        continue;
      }
      if (m.role !== 'assistant') continue;
      const i = this.streamed.indexOf(m.content);
      if (i >= 0) this.streamed.splice(i, 1);
      else if (m.content !== '') this.sendText(m.content);
      // tool calls the runtime executed without events for them (sent here, with their results), except those the client answers
      for (const c of m.toolCalls ?? []) {
        if (this.sentToolCalls.has(c.id) || pendingIds.has(c.id) || confirmIds.has(c.id)) continue;
        this.sendToolCall(c.id, c.name, c.args);
        shownHere.add(c.id);
      }
    }
    if (this.isFlow) this.snapshot(status.type === 'finished' ? 'finished' : 'waiting', status);
    this.closeSteps();
    const base = { type: EventType.RUN_FINISHED, threadId, runId };
    if (status.type === 'tool_request') {
      const parentMessageId = randomUUID();
      for (const r of status.requests) this.sendToolCall(r.id, r.name, r.args, parentMessageId);
      this.send({ ...base, outcome: { type: 'success', pendingToolCallIds: status.requests.map((r) => r.id) } } as BaseEvent);
    } else if (status.type === 'tool_confirmation') {
      this.send({ ...base, outcome: { type: 'interrupt', interrupts: status.requests.map(confirmationInterrupt) } } as BaseEvent);
    } else if (status.type === 'user_input' && this.isFlow) {
      const prompt = [...status.messages].reverse().find((m) => m.role === 'assistant')?.content;
      const interrupt: Interrupt = {
        id: userInputInterruptId(status.messages), reason: 'input_required', ...(prompt ? { message: prompt } : {}),
        responseSchema: { type: 'string', description: 'the user\'s answer' },
      };
      this.send({ ...base, outcome: { type: 'interrupt', interrupts: [interrupt] } } as BaseEvent);
    } else {
      this.send({ ...base, ...(status.type === 'finished' ? { result: { outputs: status.outputs, ...(status.branch ? { branch: status.branch } : {}) } } : {}), outcome: { type: 'success' } } as BaseEvent);
    }
  }

  error(code: string, message: string): void {
    this.closeText();
    this.closeSteps();
    this.send({ type: EventType.RUN_ERROR, message, code } as BaseEvent);
  }

  private sendText(content: string): void {
    const messageId = randomUUID();
    this.send({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent);
    this.send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: content } as BaseEvent);
    this.send({ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent);
  }

  private sendToolCall(id: string, name: string, args: unknown, parentMessageId?: string): void {
    this.sentToolCalls.add(id);
    this.send({ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name, ...(parentMessageId ? { parentMessageId } : {}) } as BaseEvent);
    this.send({ type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: JSON.stringify(args ?? {}) } as BaseEvent);
    this.send({ type: EventType.TOOL_CALL_END, toolCallId: id } as BaseEvent);
  }

  /** Steps still open when the run stops (the node it waits in) are closed: a run's steps end with it. */
  private closeSteps(): void {
    for (const node of this.nodes.reverse()) this.send({ type: EventType.STEP_FINISHED, stepName: node.name } as BaseEvent);
    this.nodes.length = 0;
  }

  private closeText(): void {
    if (this.openText === undefined) return;
    this.send({ type: EventType.TEXT_MESSAGE_END, messageId: this.openText } as BaseEvent);
    this.streamed.push(this.current);
    this.openText = undefined;
    this.current = '';
  }

  /** The flow's state: the node running (its id path, as the playground's graph names it) or where the run stopped. */
  private snapshot(phase: 'running' | 'waiting' | 'finished', status?: RunStatus): void {
    const path = this.nodes.map((n) => n.id);
    this.send({
      type: EventType.STATE_SNAPSHOT,
      snapshot: {
        phase, currentNode: path.at(-1) ?? null, nodePath: path, graphNodeId: path.length > 0 ? path.map(sanitize).join('__') : null,
        ...(status?.type === 'finished' ? { outputs: status.outputs, branch: status.branch ?? null } : {}),
      },
    } as BaseEvent);
  }
}

function confirmationInterrupt(r: ToolCall): Interrupt {
  return {
    id: r.id, reason: 'tool_confirmation', toolCallId: r.id, message: `Allow ${r.name}(${JSON.stringify(r.args)})?`,
    responseSchema: { type: 'object', properties: { approved: { type: 'boolean' }, reason: { type: 'string' } }, required: ['approved'] },
    metadata: { toolName: r.name, args: r.args },
  };
}

/** A node id as `agentspec graph --format svg` names its element. */
function sanitize(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_');
}
