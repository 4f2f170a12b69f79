import { Task, TaskState, type ListTasksRequest, type ListTasksResponse } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import type { SessionStore } from '@agentspec/runtime';

/** The name an A2A task is kept under in the session store. */
export const taskRecordName = (tenant: string, id: string) => `a2a-task:${tenant === '' ? '' : `${tenant}/`}${id}`;
const PREFIX = 'a2a-task:';
/** The `runtime` column of task records (they are no sessions: `SessionHost.list` leaves them out). */
const KIND = 'a2a-task';
const MAX_PAGE = 100;

/**
 * A2A tasks kept in the server's session store (SQLite or PostgreSQL), one
 * record per task (`a2a-task:<id>`, the task as A2A JSON), so `tasks/get`,
 * `tasks/list` and answering an input-required task work after a restart
 * and across servers sharing the store. Written without a lease (nobody
 * leases task records).
 */
export class SessionTaskStore implements TaskStore {
  constructor(private readonly store: SessionStore) {}

  async save(task: Task, context: ServerCallContext): Promise<void> {
    await this.store.put({ name: taskRecordName(context.tenant ?? '', task.id), runtime: KIND, specHash: '', saved: { a2aTask: Task.toJSON(task), tenant: context.tenant ?? '' } as never });
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const record = await this.store.get(taskRecordName(context.tenant ?? '', taskId));
    return record?.runtime === KIND ? taskOf(record.saved) : undefined;
  }

  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const tenant = context.tenant ?? '';
    const all = (await this.store.list())
      .filter((r) => r.runtime === KIND && r.name.startsWith(PREFIX) && (r.saved as { tenant?: string }).tenant === tenant)
      .map((r) => taskOf(r.saved))
      .filter((t): t is Task => t !== undefined)
      .filter((t) => (params.contextId === '' || t.contextId === params.contextId)
        && (params.status === undefined || params.status === TaskState.TASK_STATE_UNSPECIFIED || t.status?.state === params.status)
        && (params.statusTimestampAfter === undefined || (t.status?.timestamp ?? '') >= params.statusTimestampAfter))
      .sort((a, b) => (b.status?.timestamp ?? '').localeCompare(a.status?.timestamp ?? '') || a.id.localeCompare(b.id));
    const pageSize = Math.min(Math.max(params.pageSize ?? 50, 1), MAX_PAGE);
    const start = params.pageToken === '' ? 0 : Number(Buffer.from(params.pageToken, 'base64url').toString());
    const page = all.slice(Number.isInteger(start) && start > 0 ? start : 0, (start || 0) + pageSize).map((t) => ({
      ...t,
      artifacts: params.includeArtifacts ? t.artifacts : [],
      history: params.historyLength === undefined ? t.history : params.historyLength === 0 ? [] : t.history.slice(-params.historyLength),
    }));
    const next = (start || 0) + pageSize;
    return { tasks: page, nextPageToken: next < all.length ? Buffer.from(String(next)).toString('base64url') : '', pageSize, totalSize: all.length };
  }
}

function taskOf(saved: unknown): Task | undefined {
  const json = (saved as { a2aTask?: unknown } | undefined)?.a2aTask;
  return json === undefined ? undefined : Task.fromJSON(json);
}
