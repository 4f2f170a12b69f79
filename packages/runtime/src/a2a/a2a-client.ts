import { randomUUID } from 'node:crypto';
import { Role, TaskState, type Message, type Part, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory, type Client } from '@a2a-js/sdk/client';
import type { A2AAgent } from '@agentspec/core';
import type { NetworkPolicy } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { redactUrlsIn } from '../store/redact-url.js';
import { a2aFetch, type A2aFetch } from './a2a-fetch.js';

/** `session_parameters` of an A2AAgent: the spec's defaults (A2ASessionParameters). */
export const A2A_SESSION_DEFAULTS = { timeout: 60, poll_interval: 2, max_retries: 5 } as const;

/** Where an A2A conversation stands: the remote context, and the task waiting for input (if one is). */
export interface A2aThread {
  readonly contextId?: string;
  /** The task to continue: the last one asked for input. */
  readonly taskId?: string;
}

/**
 * What the remote agent answered to one message (JSON: kept in journals and
 * saves): a direct `message`, a `completed` task (its artifacts' text, the
 * first data part as `data`), or a task asking for `input-required`.
 */
export interface A2aReply {
  readonly state: 'message' | 'completed' | 'input-required';
  readonly text: string;
  readonly contextId?: string;
  readonly taskId?: string;
  readonly data?: Readonly<Record<string, unknown>>;
  /** The reply came as a stream (the agent card offers streaming), in this many artifact chunks. */
  readonly streamedChunks?: number;
}

export interface A2aConnectionOptions {
  readonly network?: NetworkPolicy;
  readonly maxBodyBytes?: number;
  readonly signal?: AbortSignal;
}

/** An A2AAgent's client: its agent card read on first use, then one SDK client for every session of the app. */
export interface A2aConnection {
  /**
   * Sends the user's messages (one text part each) on `thread`, and the agent's `inputs` (its declared inputs with their
   * values) as a data part after them when it has any; resolves when the task is done or waits for input.
   */
  send(texts: readonly string[], thread: A2aThread, inputs?: Readonly<Record<string, unknown>>): Promise<A2aReply>;
  close(): void;
}

const TERMINAL_FAILURES = new Map<TaskState, string>([
  [TaskState.TASK_STATE_FAILED, 'failed'],
  [TaskState.TASK_STATE_REJECTED, 'was rejected'],
  [TaskState.TASK_STATE_CANCELED, 'was canceled'],
  [TaskState.TASK_STATE_AUTH_REQUIRED, 'asks for authentication (auth-required), which this client cannot give in a conversation'],
]);

/** The hint of an AS_A2A error for a task in `state`, if it has one. */
const STATE_HINTS = new Map<TaskState, string>([
  [TaskState.TASK_STATE_AUTH_REQUIRED, 'give the credentials the remote agent expects up front: put them in connection_config.headers (they go only to the origin of agent_url, never into traces or messages) or use mTLS (key_file, cert_file)'],
]);

const textOf = (parts: readonly Part[] | undefined): string =>
  (parts ?? []).flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : [])).join('\n');
const dataOf = (parts: readonly Part[]): Record<string, unknown> | undefined => {
  for (const p of parts) if (p.content?.$case === 'data' && typeof p.content.value === 'object' && p.content.value !== null) return p.content.value as Record<string, unknown>;
  return undefined;
};

/**
 * The A2A client of an A2AAgent (A2A v1.0, `@a2a-js/sdk`): the agent card is
 * read at `agent_url` (`/.well-known/agent-card.json`) on the first message
 * and the transport it names (JSON-RPC or HTTP+JSON) is used for every
 * request, all through {@link a2aFetch} (the security rules of remote
 * calls). Sending: streamed (`SendStreamingMessage`) when the card offers
 * streaming — artifact chunks appended —, else `SendMessage`; a task still
 * submitted or working is polled (`GetTask`) every `poll_interval` seconds
 * until `session_parameters.timeout`; failed polls are retried up to
 * `max_retries` times. The agent's inputs go with every message as a data
 * part. A task that failed, was rejected or canceled, or asks for
 * authentication (with a hint: credentials go in the connection config) is
 * AS_A2A with its status message, as is an error answer or an unreachable
 * agent. Push notifications are never asked for (admission refuses session
 * parameters asking for them).
 */
export function a2aConnection(agent: A2AAgent, options: A2aConnectionOptions = {}): A2aConnection {
  const site: ErrorSite = { agent: agent.id };
  const session = { ...A2A_SESSION_DEFAULTS, ...(agent.session_parameters ?? {}) } as { timeout: number; poll_interval: number; max_retries: number };
  let opened: Promise<{ client: Client; streaming: boolean; fetch: A2aFetch }> | undefined;
  const open = () => (opened ??= (async () => {
    const fetch = await a2aFetch({
      agentUrl: agent.agent_url, connection: agent.connection_config, network: options.network, site,
      ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    });
    try {
      const factory = new ClientFactory({
        transports: [new JsonRpcTransportFactory({ fetchImpl: fetch.fetch }), new RestTransportFactory({ fetchImpl: fetch.fetch })],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl: fetch.fetch }),
      });
      const card = await new DefaultAgentCardResolver({ fetchImpl: fetch.fetch }).resolve(fetch.agentUrl.href.replace(/\/$/, ''));
      const client = await factory.createFromAgentCard(card);
      return { client, streaming: card.capabilities?.streaming === true, fetch };
    } catch (e) {
      fetch.dispose();
      throw e;
    }
  })().catch((e: unknown) => {
    opened = undefined; // the next message tries again
    throw coded(e, 'read the agent card of', agent, site);
  }));

  return {
    async send(texts, thread, inputs = {}) {
      const { client, streaming } = await open();
      const parts: Part[] = texts.map((text) => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }));
      // the agent's inputs travel with every message, as structured data (the remote agent is told, not asked, its inputs)
      if (Object.keys(inputs).length > 0) parts.push({ content: { $case: 'data', value: structuredClone({ ...inputs }) }, metadata: undefined, filename: '', mediaType: 'application/json' });
      const message: Message = {
        messageId: randomUUID(), contextId: thread.contextId ?? '', taskId: thread.taskId ?? '', role: Role.ROLE_USER,
        parts,
        metadata: undefined, extensions: [], referenceTaskIds: [],
      };
      // without streaming the task is returned at once and polled (session_parameters.poll_interval)
      const request = {
        tenant: '', message, metadata: undefined,
        configuration: { acceptedOutputModes: ['text/plain', 'application/json'], taskPushNotificationConfig: undefined, returnImmediately: !streaming },
      };
      const call = options.signal ? { signal: options.signal } : {};
      try {
        let task: Task | undefined;
        let chunks = 0;
        if (streaming) {
          const artifacts = new Map<string, Part[]>();
          for await (const event of client.sendMessageStream(request, call) as AsyncIterable<StreamResponse>) {
            const p = event.payload;
            if (p?.$case === 'message') return reply('message', textOf(p.value.parts), p.value.contextId, undefined);
            if (p?.$case === 'task') task = { ...p.value };
            else if (p?.$case === 'statusUpdate' && p.value.status) task = { ...(task ?? emptyTask(p.value.taskId, p.value.contextId)), status: p.value.status };
            else if (p?.$case === 'artifactUpdate' && p.value.artifact) {
              const a = p.value.artifact;
              artifacts.set(a.artifactId, p.value.append ? appended(artifacts.get(a.artifactId) ?? [], a.parts) : [...a.parts]);
              chunks++;
            }
          }
          if (task && artifacts.size > 0) {
            task = { ...task, artifacts: [...artifacts].map(([artifactId, parts]) => ({ artifactId, name: '', description: '', parts, metadata: undefined, extensions: [] })) };
          }
        } else {
          const result = await client.sendMessage(request, call);
          if ('messageId' in result) return reply('message', textOf(result.parts), result.contextId, undefined);
          task = result;
        }
        if (!task) throw new RuntimeError('AS_A2A', `the A2A agent '${agent.name}' ended its answer without a message or a task`, site);
        return outcome(await settled(client, task), streaming ? chunks : undefined);
      } catch (e) {
        throw coded(e, 'send a message to', agent, site);
      }
    },
    close() {
      void opened?.then((o) => o.fetch.dispose(), () => undefined);
    },
  };

  function reply(state: A2aReply['state'], text: string, contextId: string | undefined, taskId: string | undefined, extra: Partial<A2aReply> = {}): A2aReply {
    return { state, text, ...(contextId ? { contextId } : {}), ...(taskId ? { taskId } : {}), ...extra };
  }

  /** A task in a final or interrupted state, polled while it is submitted or working. */
  async function settled(client: Client, first: Task): Promise<Task> {
    let task = first;
    const deadline = Date.now() + session.timeout * 1000;
    let failures = 0;
    while (isRunning(task.status?.state)) {
      if (Date.now() >= deadline) {
        throw new RuntimeError('AS_A2A', `the A2A agent '${agent.name}' did not finish task ${task.id} within ${session.timeout} s (session_parameters.timeout)`, site);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(session.poll_interval * 1000, Math.max(0, deadline - Date.now()))));
      try {
        task = await client.getTask({ tenant: '', id: task.id } as never, options.signal ? { signal: options.signal } : {});
        failures = 0;
      } catch (e) {
        if (++failures > session.max_retries) throw e;
      }
    }
    return task;
  }

  function outcome(task: Task, streamedChunks: number | undefined): A2aReply {
    const state = task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED;
    const statusText = textOf(task.status?.message?.parts);
    const failure = TERMINAL_FAILURES.get(state);
    if (failure) {
      const hint = STATE_HINTS.get(state);
      throw new RuntimeError('AS_A2A', `the task of the A2A agent '${agent.name}' ${failure}${statusText ? `: ${statusText}` : ''}`, site, hint ? { hint } : undefined);
    }
    const extra = streamedChunks !== undefined ? { streamedChunks } : {};
    if (state === TaskState.TASK_STATE_INPUT_REQUIRED) return reply('input-required', statusText, task.contextId, task.id, extra);
    if (state !== TaskState.TASK_STATE_COMPLETED) throw new RuntimeError('AS_A2A', `the task of the A2A agent '${agent.name}' ended in an unknown state (${state})`, site);
    const parts = task.artifacts.flatMap((a) => a.parts);
    const data = dataOf(parts);
    return reply('completed', textOf(parts) || statusText, task.contextId, task.id, { ...(data ? { data } : {}), ...extra });
  }
}

/** An artifact's parts with a streamed chunk appended: its first text part continues the last text part (a text streamed in pieces). */
function appended(parts: readonly Part[], chunk: readonly Part[]): Part[] {
  const last = parts.at(-1);
  const [first, ...rest] = chunk;
  if (last?.content?.$case === 'text' && first?.content?.$case === 'text') {
    return [...parts.slice(0, -1), { ...last, content: { $case: 'text', value: last.content.value + first.content.value } }, ...rest];
  }
  return [...parts, ...chunk];
}

function emptyTask(id: string, contextId: string): Task {
  return { id, contextId, status: undefined, artifacts: [], history: [], metadata: undefined };
}

function isRunning(state: TaskState | undefined): boolean {
  return state === TaskState.TASK_STATE_SUBMITTED || state === TaskState.TASK_STATE_WORKING || state === TaskState.TASK_STATE_UNSPECIFIED || state === undefined;
}

/** A failure as a coded error: a RuntimeError as it is (cancellation too), anything else AS_A2A, URLs redacted. */
function coded(e: unknown, what: string, agent: A2AAgent, site: ErrorSite): RuntimeError {
  if (e instanceof RuntimeError) return e;
  const cause = (e as { cause?: unknown }).cause;
  if (cause instanceof RuntimeError) return cause;
  if ((e as Error)?.name === 'AbortError') return new RuntimeError('AS_CANCELLED', 'the run was cancelled', site, { cause: e });
  return new RuntimeError('AS_A2A', `cannot ${what} the A2A agent '${agent.name}': ${redactUrlsIn((e as Error)?.message ?? String(e))}`, site, { cause: e });
}
