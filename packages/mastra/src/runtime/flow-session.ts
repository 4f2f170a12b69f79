import { randomUUID } from 'node:crypto';
import type { Component } from '@agentspec/core';
import { RuntimeError, type RunStatus, type SavedSession } from '@agentspec/runtime';
import type { Mastra } from '@mastra/core';
import { RequestContext } from '@mastra/core/request-context';
import { CONTEXT_RUN, MASTRA_RUNTIME_NAME, SAVE_FORMAT } from '../constants.js';
import { inSpan, type EventSink } from '../events.js';
import { SHARED_KEY } from '../flow/frame.js';
import type { ResumeAnswers, RunHooks } from '../flow/nodes/types.js';
import { BaseSession, type SavedBase } from './base-session.js';
import { statusOf, type WorkflowResult } from './flow-result.js';

export interface SavedFlowSession extends SavedBase {
  readonly kind: 'flow';
  /** The Mastra workflow run (its snapshot is in Mastra's storage). */
  readonly runId?: string;
}

interface MastraRun {
  start(args: { inputData: unknown; requestContext: RequestContext }): Promise<WorkflowResult>;
  resume(args: { resumeData: unknown; requestContext: RequestContext }): Promise<WorkflowResult>;
}

/**
 * A session of a Flow on its compiled Mastra workflow: the first run starts a
 * workflow run, later runs resume it (from Mastra's storage) with the answers
 * given since — user messages, tool results, decisions.
 */
export class FlowSession extends BaseSession {
  private runId: string | undefined;

  constructor(private readonly mastra: Mastra, private readonly workflowId: string, private readonly component: Component, private readonly inputs: Readonly<Record<string, unknown>>, private readonly signal: AbortSignal | undefined, saved?: SavedFlowSession) {
    super(saved);
    this.runId = saved?.runId;
  }

  protected async advance(events: EventSink | undefined): Promise<RunStatus> {
    const hooks: RunHooks = { ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}) };
    const context = new RequestContext();
    context.set(CONTEXT_RUN, hooks);
    const workflow = this.mastra.getWorkflow(this.workflowId);
    return inSpan(events, 'FlowExecutionStart', 'FlowExecutionEnd', this.component.name, { flow: this.component.id, inputs: this.inputs }, async () => {
      let result: WorkflowResult;
      if (!this.runId) {
        const messages = this.queues.takeUser().map((content) => ({ role: 'user' as const, content }));
        this.runId = randomUUID();
        const run = await workflow.createRun({ runId: this.runId }) as unknown as MastraRun;
        result = await run.start({ inputData: { ...this.inputs, [SHARED_KEY]: { shared: { messages, steps: 0 } } }, requestContext: context });
      } else {
        const answers = this.answers(this.last);
        if (!answers) return this.last as RunStatus;
        result = await this.resume(answers, context);
      }
      for (;;) {
        const status = statusOf(result);
        if (status.type !== 'user_input' || this.queues.user.length === 0) return status;
        this.last = status;
        result = await this.resume({ user: this.queues.takeUser() }, context);
      }
    }, (s) => ({ status: s.type }));
  }

  private async resume(answers: ResumeAnswers, context: RequestContext): Promise<WorkflowResult> {
    const run = await this.mastra.getWorkflow(this.workflowId).createRun({ runId: this.runId as string }) as unknown as MastraRun;
    try {
      return await run.resume({ resumeData: answers, requestContext: context });
    } catch (e) {
      throw new RuntimeError('AS_RESUME_MISMATCH', `Mastra cannot resume workflow run '${String(this.runId)}': ${(e as Error).message}`, {}, { cause: e, hint: STORAGE_HINT });
    }
  }

  /** The answers to the last status the caller has given, taken from the queues; none: nothing to resume with. */
  private answers(last: RunStatus | undefined): ResumeAnswers | undefined {
    if (!last || last.type === 'finished') return undefined;
    if (last.type === 'user_input') return this.queues.user.length > 0 ? { user: this.queues.takeUser() } : undefined;
    const ids = last.requests.map((r) => r.id);
    if (last.type === 'tool_request') {
      const given = ids.filter((id) => this.queues.results.has(id));
      if (given.length === 0) return undefined;
      const results = Object.fromEntries(given.map((id) => [id, this.queues.results.get(id)]));
      this.queues.consume(given);
      return { results };
    }
    const given = ids.filter((id) => this.queues.decisions.has(id));
    if (given.length === 0) return undefined;
    const decisions = Object.fromEntries(given.map((id) => [id, this.queues.decisions.get(id) as { decision: 'approve' | 'reject'; reason?: string }]));
    this.queues.consume(given);
    return { decisions };
  }

  async save(): Promise<SavedSession> {
    this.assertIdle();
    const saved: SavedFlowSession = {
      runtime: MASTRA_RUNTIME_NAME, format: SAVE_FORMAT, kind: 'flow', component: this.component.id, inputs: { ...this.inputs },
      queues: this.queues.save(), ...(this.runId ? { runId: this.runId } : {}), ...(this.last ? { status: this.last } : {}),
    };
    return JSON.parse(JSON.stringify(saved)) as SavedSession;
  }
}

export const STORAGE_HINT = 'a session resumes where Mastra kept its suspended run: the same app with the default in-memory store, or any process with a persistent store (storage: \'file:./sessions.db\')';

export function assertFlowSave(saved: SavedSession, id: string): SavedFlowSession {
  const s = saved as SavedFlowSession;
  if (s.kind !== 'flow' || s.component !== id) throw new RuntimeError('AS_RESUME_MISMATCH', `this save is of ${String(s.kind)} '${String(s.component)}', not flow '${id}'`);
  return s;
}
