import { randomUUID } from 'node:crypto';
import type { Component } from '@agentspec/core';
import { RuntimeError, type EngineRun, type Inbox, type Message, type RunStatus, type SessionEngine } from '@agentspec/runtime';
import type { Mastra } from '@mastra/core';
import { RequestContext } from '@mastra/core/request-context';
import { CONTEXT_RUN } from '../constants.js';
import { EventSink, inSpan } from '../events.js';
import { withTransformRun } from '../model/transforming-model.js';
import { SHARED_KEY } from '../compile/flow/frame.js';
import type { ResumeAnswers, RunHooks } from '../compile/flow/nodes/types.js';
import { statusOf, type WorkflowResult } from './flow-result.js';
import type { RunCarrier } from './run-carrier.js';

/** Mastra's own state in a saved flow session. */
export interface FlowEngineState {
  /** The Mastra workflow run (its snapshot is in Mastra's storage). */
  readonly runId?: string;
  readonly messages: readonly Message[];
}

interface MastraRun {
  start(args: { inputData: unknown; requestContext: RequestContext }): Promise<WorkflowResult>;
  resume(args: { resumeData: unknown; requestContext: RequestContext }): Promise<WorkflowResult>;
}

/**
 * A Flow on its compiled Mastra workflow, under the session kernel of
 * @agentspec/runtime: the first run starts a workflow run, later runs resume
 * it (from Mastra's storage) with the answers given since — user messages,
 * tool results, decisions. A run whose process died is started again (its
 * LLM answers and tool results come back from the session's ledger).
 */
export class FlowEngine implements SessionEngine {
  messages: readonly Message[];
  private runId: string | undefined;

  constructor(
    private readonly mastra: Mastra,
    private readonly workflowId: string,
    private readonly component: Component,
    private readonly inputs: Readonly<Record<string, unknown>>,
    private readonly signal: AbortSignal | undefined,
    private readonly runs: RunCarrier,
    saved?: FlowEngineState,
  ) {
    this.runId = saved?.runId;
    this.messages = saved?.messages ?? [];
  }

  advance(run: EngineRun): Promise<RunStatus> {
    return this.runs.around(this, () => this.step(run), () => this.runId);
  }

  private step(run: EngineRun): Promise<RunStatus> {
    const events = run.spans.traced ? new EventSink(run.spans) : undefined;
    const hooks: RunHooks = { ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}) };
    const context = new RequestContext();
    context.set(CONTEXT_RUN, hooks);
    const workflow = this.mastra.getWorkflow(this.workflowId);
    const { inbox } = run;
    let last = run.last;
    const transformRun = { conversationId: run.conversationId, ...(events ? { events } : {}), ...(this.signal ? { signal: this.signal } : {}) };
    return withTransformRun(transformRun, () => inSpan(events, 'FlowExecutionStart', 'FlowExecutionEnd', this.component.name, { flow: this.component.id, inputs: this.inputs }, async () => {
      let result: WorkflowResult;
      if (!this.runId) {
        const messages = inbox.user.map((content) => ({ role: 'user' as const, content }));
        const runId = randomUUID();
        const started = await workflow.createRun({ runId }) as unknown as MastraRun;
        result = await started.start({ inputData: { ...this.inputs, [SHARED_KEY]: { shared: { messages, steps: 0 } } }, requestContext: context });
        // a run that failed before it stopped for the caller is started again, with the same opening messages
        statusOf(result);
        inbox.takeUser();
        this.runId = runId;
      } else {
        const answers = takeAnswers(inbox, last);
        if (!answers) return last as RunStatus;
        result = await this.resume(answers, context);
      }
      for (;;) {
        const status = statusOf(result);
        if (status.type !== 'user_input' || inbox.user.length === 0) return status;
        last = status;
        result = await this.resume({ user: inbox.takeUser() }, context);
      }
    }, (s) => ({ status: s.type, ...(s.type === 'finished' ? { outputs: s.outputs } : {}) }), (s) => s.type === 'finished'));
  }

  private async resume(answers: ResumeAnswers, context: RequestContext): Promise<WorkflowResult> {
    const run = await this.mastra.getWorkflow(this.workflowId).createRun({ runId: this.runId as string }) as unknown as MastraRun;
    try {
      return await run.resume({ resumeData: answers, requestContext: context });
    } catch (e) {
      throw new RuntimeError('AS_RESUME_MISMATCH', `Mastra cannot resume workflow run '${String(this.runId)}': ${(e as Error).message}`, {}, { cause: e, hint: STORAGE_HINT });
    }
  }

  /** The session finished and the app's retention let it go: delete its workflow run from Mastra's storage. */
  release(): Promise<void> {
    return this.runs.release(this.runId);
  }

  state(): FlowEngineState & { readonly runs?: unknown } {
    return { messages: this.messages, ...(this.runId ? { runId: this.runId } : {}), ...this.runs.saved() };
  }
}

/** The answers to the last status the caller has given, taken from the inbox; none: nothing to resume with. */
function takeAnswers(inbox: Inbox, last: RunStatus | undefined): ResumeAnswers | undefined {
  if (!last || last.type === 'finished') return undefined;
  if (last.type === 'user_input') return inbox.user.length > 0 ? { user: inbox.takeUser() } : undefined;
  const ids = last.requests.map((r) => r.id);
  const queue: ReadonlyMap<string, unknown> = last.type === 'tool_request' ? inbox.toolResults : inbox.decisions;
  const given = ids.filter((id) => queue.has(id));
  if (given.length === 0) return undefined;
  const values = Object.fromEntries(given.map((id) => [id, queue.get(id)]));
  inbox.consume(given);
  return last.type === 'tool_request' ? { results: values } : { decisions: values as ResumeAnswers['decisions'] };
}

export const STORAGE_HINT = 'a session resumes where Mastra kept its suspended run: the same app with the default in-memory store, or any process with a persistent store (storage: \'file:./sessions.db\')';
