import { afterEach, describe, expect, it } from 'vitest';
import { Role, TaskState, type Message, type Task } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import { ASSISTANT, INTAKE_FLOW, serve, spec, type Served } from './fixtures.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function a2aClient(s: Served, token?: string): Promise<Client> {
  const fetchImpl: typeof fetch = (input, init) => fetch(input, token ? { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), authorization: `Bearer ${token}` } } : init);
  const factory = new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl })], cardResolver: undefined });
  return factory.createFromUrl(s.server.url);
}

function message(text: string, ids: { contextId?: string; taskId?: string } = {}, data?: unknown): Message {
  return {
    messageId: crypto.randomUUID(), contextId: ids.contextId ?? '', taskId: ids.taskId ?? '', role: Role.ROLE_USER, metadata: undefined, extensions: [], referenceTaskIds: [],
    parts: [
      ...(text !== '' ? [{ content: { $case: 'text' as const, value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }] : []),
      ...(data !== undefined ? [{ content: { $case: 'data' as const, value: data }, metadata: undefined, filename: '', mediaType: 'application/json' }] : []),
    ],
  };
}

const send = (c: Client, m: Message) => c.sendMessage({ tenant: '', message: m, configuration: undefined, metadata: undefined }) as Promise<Task>;
const textOf = (t: Task) => (t.status?.message?.parts ?? []).map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('\n');

describe('A2A (JSON-RPC at /a2a) with the @a2a-js/sdk client', () => {
  it('serves an agent card with the spec\'s skills and tools', async () => {
    served = await serve(spec(ASSISTANT));
    const card = await (await fetch(`${served.server.url}/.well-known/agent-card.json`)).json() as { name: string; skills: { id: string; name: string }[]; supportedInterfaces: { url: string; protocolVersion: string }[] };
    expect(card.name).toBe('Assistant');
    expect(card.skills.map((s) => s.name)).toEqual(['Assistant', 'get_forecast', 'delete_file']);
    expect(card.supportedInterfaces.map((i) => [i.url, i.protocolVersion])).toEqual([[`${served.server.url}/a2a`, '1.0'], [`${served.server.url}/a2a`, '0.3']]);
  });

  it('send: a reply leaves the task input-required; a confirmation is input-required, answered in the same task', async () => {
    served = await serve(spec(ASSISTANT));
    const client = await a2aClient(served);
    const first = await send(client, message('what is the weather?'));
    expect(first.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(textOf(first)).toBe('It is sunny in Paris today.');
    const asked = await send(client, message('delete /tmp/a.txt', { contextId: first.contextId, taskId: first.id }));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(textOf(asked)).toContain('Allow delete_file({"path":"/tmp/a.txt"})?');
    const done = await send(client, message('yes', { contextId: first.contextId, taskId: first.id }));
    expect(textOf(done)).toBe('Done, the file is gone.');
    const got = await client.getTask({ tenant: '', id: first.id });
    expect(got.id).toBe(first.id);
    expect(got.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    // the context is the session
    expect((await served.store.get(first.contextId))?.saved).toBeDefined();
  });

  it('stream: a flow asks for input (input-required), then completes with its outputs as an artifact', async () => {
    served = await serve(spec(INTAKE_FLOW));
    const client = await a2aClient(served);
    const states: TaskState[] = [];
    let task: Task | undefined;
    for await (const ev of client.sendMessageStream({ tenant: '', message: message('', {}, { inputs: { topic: 'network' } }), configuration: undefined, metadata: undefined })) {
      if (ev.payload?.$case === 'task') task = ev.payload.value;
      if (ev.payload?.$case === 'statusUpdate') states.push(ev.payload.value.status?.state as TaskState);
    }
    expect(states).toEqual([TaskState.TASK_STATE_WORKING, TaskState.TASK_STATE_INPUT_REQUIRED]);
    const artifacts: unknown[] = [];
    const final: TaskState[] = [];
    for await (const ev of client.sendMessageStream({ tenant: '', message: message('my wifi drops', { contextId: task!.contextId, taskId: task!.id }), configuration: undefined, metadata: undefined })) {
      if (ev.payload?.$case === 'artifactUpdate') artifacts.push(ev.payload.value.artifact?.parts[0]?.content);
      if (ev.payload?.$case === 'statusUpdate') final.push(ev.payload.value.status?.state as TaskState);
    }
    expect(final.at(-1)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifacts).toEqual([{ $case: 'data', value: { outputs: { reply: 'Restart the router.' }, branch: 'next' } }]);
  });

  it('cancel: a running task is cancelled (its run aborted) and tasks/get shows it', async () => {
    served = await serve(spec(ASSISTANT));
    const client = await a2aClient(served);
    const stream = client.sendMessageStream({ tenant: '', message: message('be slow'), configuration: undefined, metadata: undefined });
    const first = await stream.next();
    const task = first.value?.payload?.$case === 'task' ? first.value.payload.value : undefined;
    expect(task).toBeDefined();
    const cancelled = await client.cancelTask({ tenant: '', id: task!.id, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    for await (const _ of stream) { /* drain */ }
    expect((await client.getTask({ tenant: '', id: task!.id })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it('a failed run fails the task with the error code; 0.3 clients (message/send) are served too', async () => {
    served = await serve(spec(ASSISTANT));
    const client = await a2aClient(served);
    const failed = await send(client, message('broken'));
    expect(failed.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(failed.status?.message?.metadata).toEqual({ code: 'AS_LLM_HTTP' });
    const legacy = await fetch(`${served.server.url}/a2a`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: 'hello' }] } } }),
    });
    const body = await legacy.json() as { result: { kind: string; status: { state: string; message: { parts: { text: string }[] } } } };
    expect(body.result.kind).toBe('task');
    expect(body.result.status.state).toBe('input-required');
    expect(body.result.status.message.parts[0]?.text).toBe('Hello there, how can I help you today?');
  });

  const postgres = process.env.AGENTSPEC_TEST_POSTGRES_URL;
  it('tasks live in the store (SQLite): tasks/get and answering an input-required task work after a restart', async () => tasksOutliveRestarts(undefined));
  it.skipIf(!postgres)('tasks live in the store (PostgreSQL, AGENTSPEC_TEST_POSTGRES_URL): the same after a restart', async () => tasksOutliveRestarts(postgres));
});

/** An input-required task answered after a restart, then listed after another: the tasks are in the session store. */
async function tasksOutliveRestarts(url: string | undefined): Promise<void> {
  served = await serve(spec(ASSISTANT), url ? { storeAt: url } : {});
  const asked = await send(await a2aClient(served), message('delete /tmp/a.txt'));
  expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
  expect(textOf(asked)).toContain('Allow delete_file');
  await served.restart();
  const client = await a2aClient(served);
  const got = await client.getTask({ tenant: '', id: asked.id });
  expect(got.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
  expect(got.contextId).toBe(asked.contextId);
  expect(textOf(got)).toContain('Allow delete_file');
  const done = await send(client, message('yes', { contextId: asked.contextId, taskId: asked.id }));
  expect(done.id).toBe(asked.id);
  expect(textOf(done)).toBe('Done, the file is gone.');
  await served.restart();
  const listed = await (await a2aClient(served)).listTasks({ tenant: '', contextId: asked.contextId, status: TaskState.TASK_STATE_UNSPECIFIED, pageSize: undefined, pageToken: '', historyLength: undefined, statusTimestampAfter: undefined, includeArtifacts: undefined });
  expect(listed.tasks.map((t) => t.id)).toEqual([asked.id]);
  expect(textOf(listed.tasks[0]!)).toBe('Done, the file is gone.');
  // task records are no sessions: the chat API lists the one session only
  expect((await served.server.sessions.list()).map((v) => v.id)).toContain(asked.contextId);
  expect((await served.server.sessions.list()).every((v) => !v.id.startsWith('a2a-task:'))).toBe(true);
}
