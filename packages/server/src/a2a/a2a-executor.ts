import { randomUUID } from 'node:crypto';
import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import type { RunStatus } from '@agentspec/runtime';
import { errorBody, ServerError } from '../errors.js';
import type { SessionHost, TurnInput } from '../session-host.js';

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const data = (value: unknown): Part => ({ content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' });

/**
 * The served spec as an A2A agent: the context is the session. A message
 * starts or continues it — its text is the user's message, a data part
 * `{ inputs }` gives a new session its inputs, `{ approved, reason }` answers
 * confirmations and `{ toolResults: [{ id, content }] }` client tool calls.
 * A run that waits for the user (an agent's reply, an InputMessageNode, a
 * confirmation, a client tool call) leaves the task `input-required`; a
 * finished one `completed` with its outputs as an artifact; a failed one
 * `failed` with its error code in the status message's metadata.
 */
export class SpecAgentExecutor implements AgentExecutor {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly host: SessionHost) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = ctx;
    const status = (state: TaskState, message?: Message, metadata?: Record<string, unknown>) => bus.publish(AgentEvent.statusUpdate({
      taskId, contextId, status: { state, message, timestamp: new Date().toISOString() }, metadata,
    }));
    // every turn opens with the task (a stream must start with it)
    const task: Task = ctx.task ?? { id: taskId, contextId, status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() }, artifacts: [], history: [ctx.userMessage], metadata: undefined };
    bus.publish(AgentEvent.task(task));
    status(TaskState.TASK_STATE_WORKING);
    const controller = new AbortController();
    this.running.set(taskId, controller);
    try {
      const turn = await this.turnOf(ctx, contextId);
      const result = await this.host.turn({ ...turn, signal: controller.signal });
      const s = result.status;
      const reply = agentMessage(s, result.before, taskId, contextId);
      if (s.type === 'finished') {
        bus.publish(AgentEvent.artifactUpdate({
          taskId, contextId, append: false, lastChunk: true, metadata: undefined,
          artifact: { artifactId: randomUUID(), name: 'outputs', description: `the outputs of ${this.host.component.name}`, parts: [data({ outputs: s.outputs, branch: s.branch ?? null })], metadata: undefined, extensions: [] },
        }));
        status(TaskState.TASK_STATE_COMPLETED, reply);
      } else {
        status(TaskState.TASK_STATE_INPUT_REQUIRED, reply, { agentspecStatus: s.type });
      }
    } catch (e) {
      const { code, message } = errorBody(e);
      if (controller.signal.aborted && code === 'AS_CANCELLED') status(TaskState.TASK_STATE_CANCELED);
      else status(TaskState.TASK_STATE_FAILED, { ...agentText(`${code}: ${message}`, taskId, contextId), metadata: { code } }, { code });
    } finally {
      this.running.delete(taskId);
      bus.finished();
    }
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const running = this.running.get(taskId);
    if (running) {
      running.abort(Object.assign(new Error('the A2A task was cancelled'), { code: 'AS_CANCELLED' }));
      return;
    }
    bus.publish(AgentEvent.statusUpdate({ taskId, contextId: '', status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() }, metadata: undefined }));
    bus.finished();
  }

  /** What the message gives the session, read against what it waits for. */
  private async turnOf(ctx: RequestContext, threadId: string): Promise<TurnInput> {
    const parts = ctx.userMessage.parts;
    const said = parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('').trim();
    const given = Object.assign({}, ...parts.map((p) => (p.content?.$case === 'data' && typeof p.content.value === 'object' ? p.content.value : {}))) as Record<string, unknown>;
    const view = await this.host.view(threadId);
    const runtime = typeof given.runtime === 'string' ? given.runtime : undefined;
    if (!view) {
      const inputs = typeof given.inputs === 'object' && given.inputs !== null ? given.inputs as Record<string, unknown> : {};
      return { threadId, inputs, ...(runtime ? { runtime } : {}), ...(said !== '' ? { userMessage: said } : {}) };
    }
    const s = view.status;
    if (s?.type === 'tool_confirmation') {
      const yes = given.approved === true || /^\s*(y|yes|approve|ok)\s*$/i.test(said);
      const reason = typeof given.reason === 'string' ? given.reason : !yes && said !== '' && !/^\s*(n|no|reject)\s*$/i.test(said) ? said : undefined;
      return { threadId, decisions: s.requests.map((r) => ({ id: r.id, decision: yes ? 'approve' as const : 'reject' as const, ...(!yes && reason ? { reason } : {}) })) };
    }
    if (s?.type === 'tool_request') {
      const results = Array.isArray(given.toolResults) ? given.toolResults as { id?: unknown; content?: unknown }[] : undefined;
      if (!results && s.requests.length !== 1) throw new ServerError('AS_BAD_REQUEST', 'the session waits for the results of several tool calls: send a data part { toolResults: [{ id, content }] }');
      return { threadId, toolResults: results ? results.map((r) => ({ id: String(r.id), content: r.content })) : [{ id: (s.requests[0] as { id: string }).id, content: said }] };
    }
    return { threadId, ...(said !== '' ? { userMessage: said } : {}) };
  }
}

function agentText(value: string, taskId: string, contextId: string): Message {
  return { messageId: randomUUID(), contextId, taskId, role: Role.ROLE_AGENT, parts: [text(value)], metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** The agent's side of a run: its new assistant messages as text, and what it waits for as data. */
function agentMessage(s: RunStatus, before: number, taskId: string, contextId: string): Message {
  const said = s.messages.slice(before).filter((m) => m.role === 'assistant' && m.content !== '').map((m) => m.content).join('\n\n');
  const parts: Part[] = said !== '' ? [text(said)] : [];
  if (s.type === 'tool_confirmation') {
    parts.push(text(s.requests.map((r) => `Allow ${r.name}(${JSON.stringify(r.args)})? Answer yes or no (or give a reason to refuse).`).join('\n')));
    parts.push(data({ confirmations: s.requests }));
  } else if (s.type === 'tool_request') {
    parts.push(data({ toolRequests: s.requests }));
  } else if (s.type === 'finished') {
    parts.push(data({ outputs: s.outputs }));
  }
  return { ...agentText('', taskId, contextId), parts: parts.length > 0 ? parts : [text('')] };
}
